import { atom } from 'nanostores';

/** Chromium's `beforeinstallprompt` event: kept so the download page can offer installing later. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** The deferred install prompt, when this browser offers one (null elsewhere, and once used). */
export const $installPrompt = atom<InstallPromptEvent | null>(null);

/** Running as the installed app (standalone window), or installed during this visit. */
export const $installed = atom(false);
