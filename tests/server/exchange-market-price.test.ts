import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExchangeQuote } from '../../contract/api/wallet.ts';
import { fund, makeUser, type TestUser } from './helpers/money.ts';
import { expectBalancedLedger, limit } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** The money core's exchange prices a currency at its X/USDT market's last trade once there is one. */
let t: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '10000');
  await fund(t, bob.uid, 'BTC', '1');
});
afterAll(async () => {
  await t?.close();
});

const quote = () => t.ok<ExchangeQuote>('/api/wallet/exchange_quote', { token: alice.token, data: { from_currency: 'BTC', to_currency: 'USDT', amount: '0.01' } });

it('follows the last BTC/USDT trade, not the reference price', async () => {
  const before = await quote();
  expect(before.price).not.toBe('51234.5');

  await limit(t, bob, 'sell', '51234.5', '0.001');
  await limit(t, alice, 'buy', '51234.5', '0.001');

  // 0.01 BTC x 51234.5 = 512.345 USDT, less the 0.2 % exchange fee (1.02469, rounded up to 1.024690).
  expect(await quote()).toEqual({ from_currency: 'BTC', to_currency: 'USDT', amount: '0.01', price: '51234.5', fee: '1.02469', receive: '511.32031' });
  await expectBalancedLedger(t);
});
