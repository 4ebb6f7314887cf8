import { render } from 'preact';
import { App, setThemeAttribute } from './app/app.tsx';
import { activateLocale, startLocale } from './app/i18n.ts';
import { bootAfterPaint } from './app/boot-after-paint.ts';
import { handlePreloadErrors } from './lib/chunk-reload.ts';
import { captureInstallPrompt } from './app/install-prompt.ts';
import { wipePrivateDataOnSessionEnd } from './app/private-data.ts';
import { warmCurrentPage } from './app/warm-page.ts';
import { moveInGroup } from './ui/arrow-keys.ts';
import { $lang, setCatalogLoader } from './stores/lang.ts';
import { DEFAULT_LOCALE } from '../contract/locales.ts';
import { currentRoute } from './lib/hash-route.ts';
import { isStartPath, loadRouteTable } from './app/routes.ts';
import { $theme } from './stores/theme.ts';
import './app/styles.css';

const root = document.getElementById('app');
if (root) {
  captureInstallPrompt();
  handlePreloadErrors();
  wipePrivateDataOnSessionEnd();
  document.addEventListener('keydown', moveInGroup);
  // The page's chunk downloads while the catalog does, instead of after the first render.
  warmCurrentPage();
  // The catalog's start part is one small chunk; rendering before it lands would flash untranslated text.
  // Another screen than the start page waits for the route table too; its chunk is on the way
  // already (index.html preloads it, and warmCurrentPage asks for it).
  const opensStart = isStartPath(currentRoute().path);
  void Promise.all([startLocale($lang.get()).catch(startInDefaultLocale), opensStart || loadRouteTable().catch(() => undefined)]).then(() => {
    // index.html paints a bare bar while the scripts load; the app starts from an empty root.
    root.replaceChildren();
    setThemeAttribute($theme.get());
    render(<App />, root);
    bootAfterPaint();
  });
  setCatalogLoader(activateLocale);
}

/**
 * The stored language's catalog did not load (offline with its cached copy gone, or a chunk lost on
 * a weak network). Rather than leave the app on the boot bar for good, it starts in the default
 * locale, whose start part is in this chunk, and takes the stored one as soon as it loads: tried
 * again when the network is back and on each move to another screen (a weak network may never say
 * it was gone). The stored choice is kept: the next start asks for it again.
 */
function startInDefaultLocale(): Promise<void> {
  const retry = () => {
    if (!navigator.onLine) return;
    activateLocale($lang.get()).then((shown) => {
      if (!shown) return;
      removeEventListener('online', retry);
      removeEventListener('hashchange', retry);
    }, () => undefined);
  };
  addEventListener('online', retry);
  addEventListener('hashchange', retry);
  return startLocale(DEFAULT_LOCALE);
}
