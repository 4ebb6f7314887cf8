import { Suspense } from 'preact/compat';
import { useEffect } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { useSearch } from 'wouter';
import type { RouteDef } from './routes.ts';
import { NavBar } from '../ui/nav-bar.tsx';
import { ChunkLoading } from '../ui/chunk-loading.tsx';
import { PageBoundary } from './page-boundary.tsx';
import { useScreenEnters } from './use-screen-enters.ts';
import { $signedIn, sessionEndAnnounced } from '../stores/session.ts';
import { $siteName } from '../stores/site.ts';
import { showToast } from '../stores/toast.ts';
import { HOME_PATH, LOGIN_PATH } from '../lib/app-paths.ts';
import { navigate } from '../lib/hash-route.ts';

/** Section 2: a protected page opened without a token goes to login after this delay. */
export const GUARD_REDIRECT_MS = 1200;

/** The app's first screen keeps the browser's focus; later ones take it (see Screen). */
let firstScreen = true;

/** One route's screen: navigation bar, the auth guard, and the lazily loaded page. */
export function Screen({ route }: { route: RouteDef }) {
  const signedIn = useStore($signedIn);
  const search = useSearch();
  const siteName = useStore($siteName);
  const { i18n } = useLingui();
  const blocked = route.protected && !signedIn;
  const enters = useScreenEnters();
  const title = route.path === HOME_PATH ? siteName : i18n._(route.title);

  // The tab's title names the screen (history, the task switcher, a screen reader's page title).
  useEffect(() => {
    document.title = route.path === HOME_PATH ? siteName : `${title} · ${siteName}`;
  }, [title, siteName]);

  // The link that was tapped is gone with the old screen and focus fell to <body>: a screen reader
  // would say nothing. The new screen's title takes focus, so it is read out and Tab starts there.
  useEffect(() => {
    if (firstScreen) {
      firstScreen = false;
      return;
    }
    if (document.activeElement && document.activeElement !== document.body) return;
    document.querySelector<HTMLElement>(`[data-screen="${CSS.escape(route.path)}"] .navbar__title`)?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (!blocked) return;
    // A session the server has just ended (a 999) came with its own message: one, not two.
    if (!sessionEndAnnounced()) showToast(i18n._(msg`Please login first`));
    const target = route.path + (search ? '?' + search : '');
    const timer = setTimeout(() => navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`, { replace: true }), GUARD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [blocked]);

  return (
    // Landmarks: the nav bar is the page's banner (a <header> outside any section), the body its
    // <main>, and the tab bar (app.tsx) its <nav>, so a screen reader can jump between them.
    <div class={route.tab ? 'screen screen--tab' : enters ? 'screen screen--enter' : 'screen'} data-screen={route.path}>
      {!route.noNavBar && <NavBar title={title} back={!route.tab} />}
      <main class="screen__body">
        {!blocked && (
          <PageBoundary>
            <Suspense fallback={<ChunkLoading />}>
              <route.Page />
            </Suspense>
          </PageBoundary>
        )}
      </main>
    </div>
  );
}
