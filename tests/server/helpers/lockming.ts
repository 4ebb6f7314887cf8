import type { LockOrder, LockProduct } from '../../../contract/api/lockming.ts';
import type { Page } from '../../../contract/envelope.ts';
import { currencyId, fund, newKey, type TestUser } from './money.ts';
import type { TestServer } from './test-server.ts';

/** Lock mining over HTTP as the app calls it. */

/** Deposits `amount` of `symbol` (confirmed at once) and moves it from the coin account into the mining account. */
export async function fundMining(t: TestServer, user: TestUser, amount: string, symbol = 'USDT'): Promise<void> {
  await fund(t, user.uid, symbol, amount);
  await t.ok('/api/wallet/change', {
    token: user.token,
    data: { currency_id: await currencyId(t, symbol), number: amount, from_field: 'change', to_field: 'mining', idempotency_key: newKey() },
  });
}

export async function productOf(t: TestServer, category: string, symbol: string): Promise<LockProduct> {
  const products = await t.ok<LockProduct[]>('/api/lh/deposit/config', { method: 'GET', data: { type: category } });
  const product = products.find((p) => p.currency === symbol);
  if (!product) throw new Error(`no ${category} product in ${symbol}`);
  return product;
}

export const lockAmount = (t: TestServer, user: TestUser, configId: number, amount: string, key = newKey()) =>
  t.ok<LockOrder>('/api/lh/deposit', { token: user.token, data: { config_id: configId, amount, idempotency_key: key } });

export async function orderOf(t: TestServer, user: TestUser, id: number): Promise<LockOrder | undefined> {
  for (const status of ['in_progress', 'redeemed']) {
    const page = await t.ok<Page<LockOrder>>('/api/lh/deposit/order', { method: 'GET', token: user.token, data: { status, limit: 50 } });
    const found = page.data.find((o) => o.id === id);
    if (found) return found;
  }
  return undefined;
}
