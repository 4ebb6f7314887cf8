import { describe, expect, it } from 'vitest';
import { ROUTES, routeFor } from './routes.ts';

describe('routeFor', () => {
  it('finds every route by its own path', () => {
    for (const route of ROUTES) expect(routeFor(route.path)).toBe(route);
  });

  it('matches as the router did: in any case and with a trailing slash', () => {
    const market = routeFor('/pages/market/market');
    expect(market?.tab).toBe(true);
    expect(routeFor('/pages/market/market/')).toBe(market);
    expect(routeFor('/PAGES/Market/market')).toBe(market);
    expect(routeFor('/pages/setting/userinfo')?.path).toBe('/pages/setting/userInfo');
    expect(routeFor('/')?.path).toBe('/');
  });

  it('answers nothing for a path that is no route, so the app shows its not-found screen', () => {
    expect(routeFor('/pages/market')).toBeUndefined();
    expect(routeFor('/pages/market/market/extra')).toBeUndefined();
    expect(routeFor('')).toBeUndefined();
  });
});
