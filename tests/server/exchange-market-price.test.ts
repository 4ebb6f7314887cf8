import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExchangeQuote, WalletOverview } from '../../contract/api/wallet.ts';
import { MARK_SMOOTHING_MS } from '../../server/domain/ticker-mark-price.ts';
import { fund, makeUser, type TestUser } from './helpers/money.ts';
import { cancel, expectBalancedLedger, limit } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The house exchange pays, and the wallet values holdings at, each currency's X/USDT mark: the last
 * trade clamped into the book and smoothed, held while the book is empty. Not the last trade itself:
 * two accounts trading a crumb with each other on an empty book once set what the house paid (0.1
 * BTC exchanged for 59,880 USDT after one 0.0001 BTC trade at 600,000).
 */
let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  carol = await makeUser(t, 'carol@example.com');
  await fund(t, alice.uid, 'USDT', '10000');
  await fund(t, bob.uid, 'BTC', '1');
  await fund(t, carol.uid, 'BTC', '1');
  await fund(t, carol.uid, 'USDT', '1000');
});
afterAll(async () => {
  await t?.close();
});

const quote = () => t.ok<ExchangeQuote>('/api/wallet/exchange_quote', { token: alice.token, data: { from_currency: 'BTC', to_currency: 'USDT', amount: '0.01' } });
/** Past the mark's smoothing, so it stands on its input. */
const settle = () => {
  t.clock.advance(MARK_SMOOTHING_MS);
  t.server.services.markPrices.tick();
};

it('is not moved by a trade two accounts make on an empty book', async () => {
  const before = await quote();
  await limit(t, bob, 'sell', '600000', '0.0001');
  await limit(t, alice, 'buy', '600000', '0.0001');
  settle();
  expect(await quote()).toEqual(before);
  await expectBalancedLedger(t);
});

it('follows a trade the book stands behind, and values holdings at it', async () => {
  // A book on both sides (carol), then a trade inside the spread.
  const bid = await limit(t, carol, 'buy', '51000', '0.01');
  const ask = await limit(t, carol, 'sell', '51500', '0.01');
  await limit(t, bob, 'sell', '51234.5', '0.001');
  await limit(t, alice, 'buy', '51234.5', '0.001');
  settle();

  // 0.01 BTC x 51234.5 = 512.345 USDT, less the 0.2 % exchange fee (1.02469, rounded up to 1.024690).
  expect(await quote()).toEqual({ from_currency: 'BTC', to_currency: 'USDT', amount: '0.01', price: '51234.5', fee: '1.02469', receive: '511.32031' });
  // Bob's 1 - 0.0001 - 0.001 BTC at 51,234.5 (his spot account holds it; USDT from his sales is counted too).
  const overview = await t.ok<WalletOverview>('/api/wallet/list', { token: bob.token });
  const spot = overview.accounts.find((a) => a.account === 'change');
  const btc = spot?.balances.find((b) => b.currency === 'BTC');
  expect(btc?.available).toBe('0.9989');
  expect(btc?.converted).toBe('51178.14205'); // 0.9989 x 51,234.5

  // With a book, the same crumb at 600,000 fills against it instead: the price reads its best ask.
  const high = await limit(t, bob, 'sell', '600000', '0.0001');
  await limit(t, alice, 'buy', '600000', '0.0001');
  settle();
  expect((await quote()).price).toBe('51500');
  for (const order of [bid, ask]) await cancel(t, carol, order.id);
  await cancel(t, bob, high.id);
  await expectBalancedLedger(t);
});
