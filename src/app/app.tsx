import { I18nProvider } from '@lingui/react';
import { Fragment } from 'preact';
import { Router, useLocation } from 'wouter';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from './i18n.ts';
import { loadRouteTable, routeFor, routeTableLoaded } from './routes.ts';
import { Screen } from './screen.tsx';
import { TabBar } from './tab-bar.tsx';
import { Toaster } from './toaster.tsx';
import { LoadingMask } from './loading-mask.tsx';
import { NotFound } from './not-found.tsx';
import { NavBar } from '../ui/nav-bar.tsx';
import { ChunkLoading } from '../ui/chunk-loading.tsx';
import { StatusBanners } from './status-banners.tsx';
import { useHashPath, useHashSearch } from './use-hash-route.ts';
import { $theme } from '../stores/theme.ts';

/** Sets the page's theme attribute: main.tsx sets it before the first render, so this writes on a change only. */
function useThemeAttribute(): void {
  const theme = useStore($theme);
  useEffect(() => {
    setThemeAttribute(theme);
  }, [theme]);
}

/**
 * Writes data-theme when it differs: every write makes the browser restyle the whole page, which
 * right after the first render is every element just made.
 */
export function setThemeAttribute(theme: string): void {
  const root = document.documentElement;
  if (root.dataset.theme !== theme) root.dataset.theme = theme;
}

/**
 * Whether the whole route table is in (routes.ts). Asked for while `wanted`: a path the boot chunk
 * does not know (only the start page's routes are in it) may be any route. A failed load is tried
 * again on the next move.
 */
function useRouteTable(wanted: boolean, path: string): boolean {
  const [loaded, setLoaded] = useState(routeTableLoaded);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    loadRouteTable().then(
      () => live && setLoaded(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded, path]);
  return loaded || routeTableLoaded();
}

function CurrentScreen() {
  const [path] = useLocation();
  const route = routeFor(path);
  const tableLoaded = useRouteTable(!route, path);
  if (!route) {
    if (tableLoaded) return <NotFound />;
    // Opened before the route table arrived (it loads after the first screen): the screen's place.
    return (
      <div class="screen">
        <NavBar title="" back />
        <main class="screen__body">
          <ChunkLoading />
        </main>
      </div>
    );
  }
  // Keyed, so that another route mounts its screen afresh.
  return (
    <Fragment key={route.path}>
      <Screen route={route} />
      {route.tab && <TabBar active={route.path} />}
    </Fragment>
  );
}

export function App() {
  useThemeAttribute();
  return (
    <I18nProvider i18n={i18n}>
      <Router hook={useHashPath} searchHook={useHashSearch}>
        <div class="app">
          <StatusBanners />
          <CurrentScreen />
        </div>
        <Toaster />
        <LoadingMask />
      </Router>
    </I18nProvider>
  );
}
