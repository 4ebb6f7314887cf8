import { atom } from 'nanostores';

export interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'error' | 'success';
}

export const TOAST_MS = 1500;
export const $toasts = atom<Toast[]>([]);
let nextId = 1;

/** Shows a short message; the same text is not stacked twice. */
export function showToast(text: string, kind: Toast['kind'] = 'info', durationMs = TOAST_MS): void {
  if ($toasts.get().some((t) => t.text === text)) return;
  const toast = { id: nextId++, text, kind };
  $toasts.set([...$toasts.get(), toast]);
  setTimeout(() => $toasts.set($toasts.get().filter((t) => t.id !== toast.id)), durationMs);
}
