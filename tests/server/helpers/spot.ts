import type { DepthSnapshot, SpotOrder } from '../../../contract/api/market.ts';
import type { Page } from '../../../contract/envelope.ts';
import { checkLedger } from '../../../server/modules/check-ledger.ts';
import { newKey, type TestUser } from './money.ts';
import type { ApiAnswer, TestServer } from './test-server.ts';

/** POST /api/coin/trade with a fresh idempotency key (unless one is given); the whole answer. */
export function trade(t: TestServer, user: TestUser, data: Record<string, string | number>, lang?: string): Promise<ApiAnswer<SpotOrder>> {
  return t.api<SpotOrder>('/api/coin/trade', { token: user.token, data: { idempotency_key: newKey(), ...data }, ...(lang ? { lang } : {}) });
}

/** A limit order that must be accepted. */
export async function limit(t: TestServer, user: TestUser, side: 'buy' | 'sell', price: string, amount: string, symbol = 'BTC/USDT'): Promise<SpotOrder> {
  const answer = await trade(t, user, { symbol, type: side, target_price: price, amount });
  if (answer.body.type !== 'ok') throw new Error(`order refused: ${JSON.stringify(answer.body)}`);
  return answer.body.message;
}

export const depth = (t: TestServer, symbol = 'BTC/USDT') => t.ok<DepthSnapshot>('/api/market/depth', { method: 'GET', data: { symbol } });

export const orders = (t: TestServer, user: TestUser, status: 'open' | 'history', extra: Record<string, string> = {}) =>
  t.ok<Page<SpotOrder>>('/api/coin/list', { method: 'GET', token: user.token, data: { status, ...extra } });

export const cancel = (t: TestServer, user: TestUser, id: number) => t.api<SpotOrder>('/api/coin/cancel', { token: user.token, data: { id } });

/** The system fee account's available balance of a currency, in minor units. */
export async function feesMinor(t: TestServer, symbol: string): Promise<bigint> {
  const row = await t.server.db.selectFrom('ledger_accounts as a').innerJoin('currencies as c', 'c.id', 'a.currency_id')
    .select('a.available_minor').where('a.user_id', '=', 0).where('a.name', '=', 'fees').where('c.symbol', '=', symbol).executeTakeFirst();
  return BigInt(row?.available_minor ?? '0');
}

/** The ledger check must pass (sums, replay, frozen = withdrawals + order holds). */
export async function expectBalancedLedger(t: TestServer): Promise<void> {
  const report = await checkLedger({ db: t.server.db });
  if (!report.ok) throw new Error(`ledger check failed:\n${report.problems.join('\n')}`);
}
