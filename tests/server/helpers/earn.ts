import type { EarnOrder } from '../../../contract/api/invest.ts';
import { earnOf } from '../../../server/modules/earn/module.ts';
import { marketOf } from '../../../server/modules/market/module.ts';
import type { OpsContext } from '../../../server/src/ops/ops-context.ts';
import { fund, newKey, type TestUser } from './money.ts';
import { limit } from './spot.ts';
import type { TestServer } from './test-server.ts';

/** What the earn tests share: buying, trading a price into a fixing window, and settling. */

export const opsOf = (t: TestServer): OpsContext => ({ services: t.server.services, modules: t.server.modules, db: t.server.db, operator: 'test' });

export const buyInvest = (t: TestServer, user: TestUser, id: number, num: string | number, key = newKey()) =>
  t.api<EarnOrder>('/api/invest/buy', { token: user.token, data: { id, num, idempotency_key: key } });

export const buyDual = (t: TestServer, user: TestUser, id: number, num: string, key = newKey()) =>
  t.api<EarnOrder>('/api/dual/buyDual', { token: user.token, data: { id, num, idempotency_key: key } });

/** Two traders with coins and USDT in their spot accounts, to print trades at a chosen price. */
export async function makeTraders(t: TestServer, seller: TestUser, buyer: TestUser, coin = 'BTC'): Promise<void> {
  await fund(t, seller.uid, coin, '10');
  await fund(t, buyer.uid, 'USDT', '1000000');
}

/** One trade at `price` at the clock's time now, with its candle stored. */
export async function tradeAt(t: TestServer, seller: TestUser, buyer: TestUser, price: string, symbol = 'BTC/USDT', amount = '0.001'): Promise<void> {
  await limit(t, seller, 'sell', price, amount, symbol);
  await limit(t, buyer, 'buy', price, amount, symbol);
  await marketOf(t.server.modules).marketData.flush();
}

/** Past the fixing's grace: the fixing recorded, then due work run (as the leader's loops would). */
export async function settleDue(t: TestServer): Promise<void> {
  await earnOf(t.server.modules).fixings.pass();
  await t.server.services.dueWork.runDue();
}
