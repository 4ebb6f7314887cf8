import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FiatRate } from '../../contract/api/wallet.ts';
import { FIAT_CODES } from '../../contract/api/wallet.ts';
import { FALLBACK_RATES_SAVED_AT } from '../../server/domain/fiat-rates.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const RATES = { USD: 1, CNY: 7.2345, GBP: 0.79, HKD: 7.8, JPY: 151.2, EUR: 0.92, AED: 3.6725, THB: 35.1, PHP: 56.2, SGD: 1.34, VND: 25400 };

let source: Server;
let sourceUrl = '';
let hits = 0;
let mode: 'ok' | 'down' | 'hang' = 'ok';

beforeAll(async () => {
  source = createServer((_request, response) => {
    hits += 1;
    if (mode === 'hang') return; // never answers: the server must not wait for it
    if (mode === 'down') {
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'success', base_code: 'USD', rates: { ...RATES, XAU: 0.0004 } }));
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/v6/latest/USD`;
});
afterAll(async () => {
  source.closeAllConnections();
  await new Promise((resolve) => source.close(resolve));
});

const rates = (t: TestServer) => t.ok<FiatRate[]>('/api/wallet/getRateCurrency', { method: 'GET' });

describe('fiat rates', () => {
  let t: TestServer;
  afterAll(async () => {
    await t?.close();
  });

  it('come from the public source, once, as decimal strings for every fiat of section 9', async () => {
    t = await startTestServer({ ratesUrl: sourceUrl });
    const first = await rates(t);
    expect(first.map((r) => r.currency_code)).toEqual([...FIAT_CODES]);
    expect(first.find((r) => r.currency_code === 'CNY')).toEqual({ currency_code: 'CNY', rate: '7.2345', saveTime: t.clock.now().getTime() });
    expect(first.find((r) => r.currency_code === 'USD')?.rate).toBe('1');
    const before = hits;
    await rates(t);
    expect(hits).toBe(before);
  });

  it('are refreshed in the background once older than 24 h, served from the database meanwhile', async () => {
    const savedAt = (await rates(t))[0]?.saveTime;
    mode = 'down';
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const before = hits;
    const stale = await rates(t);
    expect(stale[0]?.saveTime).toBe(savedAt);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hits).toBe(before + 1);
    await rates(t);
    expect(hits).toBe(before + 1);
    mode = 'ok';
  });

  it('fall back to the bundled table quickly when the source never answers', async () => {
    mode = 'hang';
    const other = await startTestServer({ ratesUrl: sourceUrl });
    try {
      const started = Date.now();
      const fallback = await rates(other);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(fallback).toHaveLength(FIAT_CODES.length);
      expect(fallback.every((r) => r.saveTime === FALLBACK_RATES_SAVED_AT && /^\d+(\.\d+)?$/.test(r.rate))).toBe(true);
    } finally {
      await other.close();
      mode = 'ok';
    }
  });
});
