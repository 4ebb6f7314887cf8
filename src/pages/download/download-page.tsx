import { useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { $installed, $installPrompt } from '../../stores/install-prompt.ts';
import { $siteName } from '../../stores/site.ts';
import './download.css';

type Platform = 'ios' | 'android' | 'other';

function detectPlatform(): Platform {
  const ua = navigator.userAgent;
  // iPadOS reports itself as a Mac; a touch screen gives it away.
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)) return 'ios';
  if (/Android/.test(ua)) return 'android';
  return 'other';
}

/**
 * Section 1, the app download page: Brisk is a PWA, so "download" means installing it. Where the
 * browser offers installing (Chromium's beforeinstallprompt) one button does it; elsewhere the page
 * explains Add to Home Screen for the reader's platform first.
 */
export function DownloadPage() {
  const { t } = useLingui();
  const prompt = useStore($installPrompt);
  const installed = useStore($installed);
  const siteName = useStore($siteName);
  const [busy, setBusy] = useState(false);
  const platform = detectPlatform();

  const install = async () => {
    if (!prompt) return;
    setBusy(true);
    try {
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      if (outcome === 'accepted') $installed.set(true);
    } finally {
      // A prompt can be shown once; the browser sends a new event when it may be offered again.
      $installPrompt.set(null);
      setBusy(false);
    }
  };

  const steps: Record<Platform, string> = {
    ios: t`iPhone and iPad (Safari): tap Share, then Add to Home Screen.`,
    android: t`Android (Chrome): open the browser menu ⋮, then Install app or Add to Home screen.`,
    other: t`Other browsers: choose Install or Add to Home screen in the browser menu.`,
  };
  const order: Platform[] = [platform, ...(['ios', 'android', 'other'] as const).filter((p) => p !== platform)];

  return (
    <div class="stack download" data-install-state={installed ? 'installed' : prompt ? 'prompt' : 'manual'}>
      <section class="card download__hero">
        <img src="icons/icon-192.png" alt="" width={72} height={72} class="download__icon" />
        <h2 class="download__name">{siteName}</h2>
        <p class="muted">
          <Trans>The app opens full screen, starts faster and shows your last-known data when you are offline.</Trans>
        </p>
        {installed ? (
          <p class="download__done" role="status">
            <Trans>The app is installed on this device. Open it from your home screen.</Trans>
          </p>
        ) : (
          prompt && (
            <button type="button" class="btn btn--primary btn--block" onClick={() => void install()} disabled={busy}>
              <Trans>Install app</Trans>
            </button>
          )
        )}
      </section>
      {!installed && (
        <section class="card stack">
          <h2 class="card__title">
            <Trans>Add it to your home screen</Trans>
          </h2>
          <ol class="notes download__steps">
            {order.map((p) => (
              <li key={p} data-platform={p}>
                {steps[p]}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
