import { $installed, $installPrompt, type InstallPromptEvent } from '../stores/install-prompt.ts';

/**
 * Catches the browser's install offer before its own mini-infobar shows, so the download page can
 * make it at the moment the user asks. Runs at boot: the event can fire right after load.
 */
export function captureInstallPrompt(): void {
  const standalone = matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  $installed.set(standalone);
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    $installPrompt.set(event as InstallPromptEvent);
  });
  addEventListener('appinstalled', () => {
    $installPrompt.set(null);
    $installed.set(true);
  });
}
