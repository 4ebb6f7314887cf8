import { I18nProvider } from '@lingui/react';
import { Fragment } from 'preact';
import { Router, useLocation } from 'wouter';
import { useStore } from '@nanostores/react';
import { useEffect } from 'preact/hooks';
import { i18n } from './i18n.ts';
import { routeFor } from './routes.ts';
import { Screen } from './screen.tsx';
import { TabBar } from './tab-bar.tsx';
import { Toaster } from './toaster.tsx';
import { LoadingMask } from './loading-mask.tsx';
import { NotFound } from './not-found.tsx';
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

function CurrentScreen() {
  const [path] = useLocation();
  const route = routeFor(path);
  if (!route) return <NotFound />;
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
