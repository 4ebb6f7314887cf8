import { Suspense } from 'preact/compat';
import { useEffect } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { useSearch } from 'wouter';
import type { RouteDef } from './routes.ts';
import { NavBar } from '../ui/nav-bar.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { PageBoundary } from './page-boundary.tsx';
import { useScreenEnters } from './use-screen-enters.ts';
import { $signedIn, sessionEndAnnounced } from '../stores/session.ts';
import { $siteName } from '../stores/site.ts';
import { showToast } from '../stores/toast.ts';
import { HOME_PATH, LOGIN_PATH } from '../lib/app-paths.ts';
import { navigate } from '../lib/hash-route.ts';

/** Section 2: a protected page opened without a token goes to login after this delay. */
export const GUARD_REDIRECT_MS = 1200;

/** One route's screen: navigation bar, the auth guard, and the lazily loaded page. */
export function Screen({ route }: { route: RouteDef }) {
  const signedIn = useStore($signedIn);
  const search = useSearch();
  const siteName = useStore($siteName);
  const { i18n } = useLingui();
  const blocked = route.protected && !signedIn;
  const enters = useScreenEnters();

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
      {!route.noNavBar && <NavBar title={route.path === HOME_PATH ? siteName : i18n._(route.title)} back={!route.tab} />}
      <main class="screen__body">
        {!blocked && (
          <PageBoundary>
            <Suspense fallback={<PageLoading />}>
              <route.Page />
            </Suspense>
          </PageBoundary>
        )}
      </main>
    </div>
  );
}
