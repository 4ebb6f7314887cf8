import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_CATEGORY } from '../../contract/api/content.ts';
import { ALL_ENDPOINTS } from '../../contract/endpoints/all-endpoints.ts';
import { routeOf } from '../../server/http/define-route.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const key = (method: string, url: string) => `${method} ${url}`;

describe('the endpoint table', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  const served = () => new Set(t.server.routes.filter((r) => r.url.startsWith('/api/')).map((r) => key(r.method, r.url)));
  const declared = (all = true) => new Set(ALL_ENDPOINTS.filter((e) => all || !e.optionalRoute).flatMap((e) => routeOf(e).method.map((m) => key(m, routeOf(e).url))));

  it('declares every API route the server serves', () => {
    const table = declared();
    expect([...served()].filter((route) => !table.has(route))).toEqual([]);
  });

  it('serves every endpoint it declares', () => {
    const routes = served();
    expect([...declared(false)].filter((route) => !routes.has(route))).toEqual([]);
    expect(routes.size).toBeGreaterThan(70);
  });

  it('declares each method and path once', () => {
    const all = ALL_ENDPOINTS.flatMap((e) => routeOf(e).method.map((m) => key(m, routeOf(e).url)));
    expect(all.length).toBe(new Set(all).size);
  });

  it('reads past a field it does not declare', async () => {
    const answer = await t.api('/api/news/list', { method: 'GET', data: { c_id: NEWS_CATEGORY.news, not_declared: 'x' } });
    expect(answer.body).toMatchObject({ type: 'ok' });
  });

  it('refuses a missing required field and a malformed id before the handler, with today\'s codes', async () => {
    expect((await t.api('/api/news/list', { method: 'GET', data: {} })).body).toMatchObject({ type: 'error', code: 'VALID.REQUIRED', field: 'c_id' });
    expect((await t.api('/api/news/detail', { method: 'GET', data: { id: '0x1' } })).body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'id' });
    expect((await t.api('/api/market/search', { method: 'GET', data: { q: 'x'.repeat(5000) } })).body).toMatchObject({ type: 'error', code: 'VALID.TEXT_TOO_LONG', field: 'q' });
  });
});
