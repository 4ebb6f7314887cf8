import { I18nProvider } from '@lingui/react';
import { Route, Router, Switch } from 'wouter';
import { useStore } from '@nanostores/react';
import { useEffect } from 'preact/hooks';
import { i18n } from './i18n.ts';
import { ROUTES } from './routes.ts';
import { Screen } from './screen.tsx';
import { TabBar } from './tab-bar.tsx';
import { Toaster } from './toaster.tsx';
import { LoadingMask } from './loading-mask.tsx';
import { NotFound } from './not-found.tsx';
import { StatusBanners } from './status-banners.tsx';
import { useHashPath, useHashSearch } from './use-hash-route.ts';
import { $theme } from '../stores/theme.ts';

function useThemeAttribute(): void {
  const theme = useStore($theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}

export function App() {
  useThemeAttribute();
  return (
    <I18nProvider i18n={i18n}>
      <Router hook={useHashPath} searchHook={useHashSearch}>
        <div class="app">
          <StatusBanners />
          <Switch>
            {ROUTES.map((route) => (
              <Route key={route.path} path={route.path}>
                <Screen route={route} />
                {route.tab && <TabBar active={route.path} />}
              </Route>
            ))}
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </div>
        <Toaster />
        <LoadingMask />
      </Router>
    </I18nProvider>
  );
}
