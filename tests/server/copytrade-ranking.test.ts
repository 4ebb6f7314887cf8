import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraderRow, TraderSort } from '../../contract/api/copytrade.ts';
import type { Page } from '../../contract/envelope.ts';
import { contractsOf } from '../../server/modules/contracts/module.ts';
import type { ContractsServer } from './helpers/contracts.ts';
import type { TestUser } from './helpers/money.ts';
import { copytrade, follow_, makeFollower, makeTrader, startCopyServer, submit } from './copytrade-setup.ts';

/**
 * The ranking is ordered and paged by the database: every sort, walked page by page, gives each
 * approved trader once, best first (ties by id), with the right total. Profits are compared as
 * numbers (a loss, a small and a large win), not as text.
 */
let c: ContractsServer;
const traders: TestUser[] = [];

beforeAll(async () => {
  c = await startCopyServer();
  for (let i = 0; i < 5; i += 1) traders.push(await makeTrader(c, `rank-${i}@example.com`, '10000'));
  const { futures } = contractsOf(c.t.server.modules);
  // Trader 0 wins about 20 (8 digits in minor units), 1 loses, 2 wins about 0.2 (6 digits, a higher first digit).
  for (const [i, lots, exit] of [[0, 10, '62000'], [1, 2, '59000'], [2, 1, '60300']] as const) {
    c.setMark('BTC/USDT', '60000');
    const { position } = await submit(c, traders[i]!, { lots });
    c.setMark('BTC/USDT', exit);
    const closed = await futures.close({ userId: traders[i]!.uid, endpoint: 'test', key: null, fields: {} }, position.id);
    if (!closed.ok) throw new Error(closed.code);
  }
  // Followers: trader 1 has two, trader 2 one.
  const first = await makeFollower(c, 'rank-f0@example.com', '2000', traders[1]!);
  await makeFollower(c, 'rank-f1@example.com', '2000', traders[1]!);
  await follow_(c, first.user, traders[2]!, { type: 'multiple', number: '1', budget: '100' });
  await copytrade(c).traders.refreshFigures();
});
afterAll(async () => {
  await c?.t.close();
});

async function walk(sort: TraderSort): Promise<{ rows: TraderRow[]; totals: number[] }> {
  const rows: TraderRow[] = [];
  const totals: number[] = [];
  for (let page = 1; page <= 10; page += 1) {
    const got = await c.t.ok<Page<TraderRow>>('/api/follow/index', { method: 'GET', data: { sort, days: 7, page, limit: 2 } });
    totals.push(got.total);
    rows.push(...got.data);
    if (got.data.length < 2) break;
  }
  return { rows, totals };
}

const keyOf = (sort: TraderSort, row: TraderRow): number => {
  const week = row.figures.find((f) => f.days === 7)!;
  return sort === 'followers' ? row.followers : Number(sort === 'profit' ? week.profit : sort === 'yield' ? week.yield : week.accuracy);
};

describe('the trader ranking', () => {
  it.each(['profit', 'yield', 'accuracy', 'followers'] as const)('orders and pages by %s', async (sort) => {
    const { rows, totals } = await walk(sort);
    const ids = rows.map((r) => r.trader_user_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(traders.map((t) => t.uid)));
    expect(totals.every((t) => t === ids.length)).toBe(true);
    const expected = [...rows].sort((a, b) => keyOf(sort, b) - keyOf(sort, a) || a.trader_user_id - b.trader_user_id);
    expect(ids).toEqual(expected.map((r) => r.trader_user_id));
  });

  it('ranks by the figures it shows', async () => {
    const { rows } = await walk('profit');
    const mine = rows.filter((r) => traders.some((t) => t.uid === r.trader_user_id)).map((r) => r.trader_user_id);
    expect(mine).toEqual([traders[0]!.uid, traders[2]!.uid, traders[3]!.uid, traders[4]!.uid, traders[1]!.uid]);
    const followers = await walk('followers');
    expect(followers.rows.find((r) => r.trader_user_id === traders[1]!.uid)?.followers).toBe(2);
  });
});
