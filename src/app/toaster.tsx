import { useStore } from '@nanostores/react';
import { $toasts } from '../stores/toast.ts';

export function Toaster() {
  const toasts = useStore($toasts);
  return (
    <div class="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} class={`toast toast--${toast.kind}`}>
          {toast.text}
        </div>
      ))}
    </div>
  );
}
