import { describe, expect, it } from 'vitest';
import { isStartPath, loadRouteTable, routeFor, routeTableLoaded } from './routes.ts';
import { ROUTE_MANIFESTS } from './route-manifests.ts';
import { TABS } from './tab-bar.tsx';

const ROUTES = ROUTE_MANIFESTS.flat();

describe('the route manifests', () => {
  it('give each path once, each with a title', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of ROUTES) expect(route.title.id, route.path).toMatch(/\S/);
  });

  it('mark as tabs the routes the tab bar shows, in its order, with the same titles', () => {
    const tabs = ROUTES.filter((route) => route.tab);
    expect(tabs.map((route) => route.path).sort()).toEqual(TABS.map((tab) => tab.path).sort());
    for (const tab of TABS) expect(ROUTES.find((route) => route.path === tab.path)?.title.id, tab.path).toBe(tab.title.id);
  });

  it("name a screen module's export that is a component", async () => {
    const screens = ROUTES.flatMap((route) => (route.screen ? [route.screen] : []));
    expect(screens.length).toBeGreaterThan(40);
    for (const screen of screens) expect(typeof ((await screen.load()) as Record<string, unknown>)[screen.name], screen.name).toBe('function');
  }, 60_000);
});

describe('routeFor', () => {
  it('knows the start page before the route table has loaded, and every route after', async () => {
    expect(routeFor('/')?.path).toBe('/');
    expect(isStartPath('/pages/index/index')).toBe(true);
    expect(isStartPath('/pages/market/market')).toBe(false);
    expect(routeTableLoaded()).toBe(false);
    expect(routeFor('/pages/market/market')).toBeUndefined();
    await loadRouteTable();
    expect(routeTableLoaded()).toBe(true);
    for (const route of ROUTES) expect(routeFor(route.path)?.path).toBe(route.path);
  });

  it('matches as the router did: in any case and with a trailing slash', async () => {
    await loadRouteTable();
    const market = routeFor('/pages/market/market');
    expect(market?.tab).toBe(true);
    expect(routeFor('/pages/market/market/')).toBe(market);
    expect(routeFor('/PAGES/Market/market')).toBe(market);
    expect(routeFor('/pages/setting/userinfo')?.path).toBe('/pages/setting/userInfo');
    expect(routeFor('/pages/fund/assets')?.protected).toBe(true);
    expect(routeFor('/pages/common/webView')?.noNavBar).toBe(true);
  });

  it('answers nothing for a path that is no route, so the app shows its not-found screen', async () => {
    await loadRouteTable();
    expect(routeFor('/pages/market')).toBeUndefined();
    expect(routeFor('/pages/market/market/extra')).toBeUndefined();
    expect(routeFor('')).toBeUndefined();
  });
});
