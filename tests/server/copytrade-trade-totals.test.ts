import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { contractsOf } from '../../server/modules/contracts/module.ts';
import { copytradeTotalsMigration } from '../../server/modules/copytrade/migrations.ts';
import type { CopyTables } from '../../server/modules/copytrade/schema.ts';
import { roiBaseMinor } from '../../server/modules/copytrade/figures.ts';
import { realisedFromHistory, usdtId } from '../../server/modules/copytrade/shares.ts';
import { yieldPpm } from '../../server/modules/copytrade/rules.ts';
import { ownTotals, ownTotalsFromHistory } from '../../server/modules/copytrade/trade-totals.ts';
import { fundAccount, type ContractsServer } from './helpers/contracts.ts';
import type { TestUser } from './helpers/money.ts';
import { copytrade, makeFollower, makeTrader, mirrored, startCopyServer, submit } from './copytrade-setup.ts';

/**
 * A trader's all-time figures come from running totals added as each own position closes (whole or
 * a part); a part split off a copy (by the mirror or by its follower) stays a copy. The totals equal
 * the sums over the history, and the migration fills them from the history alone.
 */
let c: ContractsServer;
let trader: TestUser;
let follower: TestUser;
let followId: number;

beforeAll(async () => {
  c = await startCopyServer();
  trader = await makeTrader(c, 'totals-trader@example.com');
  const made = await makeFollower(c, 'totals-follower@example.com', '3000', trader);
  follower = made.user;
  followId = made.follow!.id;
});
afterAll(async () => {
  await c?.t.close();
});

const call = (user: TestUser) => ({ userId: user.uid, endpoint: 'test', key: null, fields: {} });
const copyDb = () => c.t.server.db.withTables<CopyTables>();
const copyOf = async (traderPositionId: number) =>
  copyDb().selectFrom('copy_positions').selectAll().where('trader_position_id', '=', traderPositionId).orderBy('position_id').execute();

const DAY_MS = 86_400_000;

/** The ROI base read the plain way: each bucket's balance after its last posting before `since`, plus deposits since. */
async function roiBaseByDate(userId: number, since: Date): Promise<bigint> {
  const db = c.t.server.db;
  const account = await db.selectFrom('ledger_accounts').select('id').where('user_id', '=', userId).where('name', '=', 'lever').executeTakeFirstOrThrow();
  let base = 0n;
  for (const bucket of ['available', 'frozen']) {
    const last = await db.selectFrom('ledger_postings').select('balance_after_minor').where('account_id', '=', account.id).where('bucket', '=', bucket)
      .where('created_at', '<', since.toISOString()).orderBy('id', 'desc').limit(1).executeTakeFirst();
    base += BigInt(last?.balance_after_minor ?? '0');
  }
  const inflows = await db.selectFrom('ledger_postings').select(['amount_minor', 'kind']).where('account_id', '=', account.id).where('bucket', '=', 'available')
    .where('created_at', '>=', since.toISOString()).execute();
  for (const p of inflows) if (!/^(lever_|copytrade_)/.test(p.kind) && BigInt(p.amount_minor) > 0n) base += BigInt(p.amount_minor);
  return base;
}

describe('trade totals', () => {
  it('adds each own close and part, keeps every part of a copy a copy', async () => {
    const { futures } = contractsOf(c.t.server.modules);
    const first = await submit(c, trader, { lots: 4 });
    const second = await submit(c, trader, { lots: 2, type: 'short' });
    await mirrored(c);
    const [copyA] = await copyOf(first.position.id);
    const [copyB] = await copyOf(second.position.id);
    c.setMark('BTC/USDT', '61000');
    // The trader's own part; the mirror splits the copy in proportion.
    expect((await futures.closeLots(call(trader), first.position.id, 2)).ok).toBe(true);
    await mirrored(c);
    // The follower splits the same copy; and splits the other after holding it as their own.
    expect((await futures.closeLots(call(follower), copyA!.position_id, 1)).ok).toBe(true);
    expect((await copytrade(c).follows.selfHold(call(follower), copyB!.position_id)).ok).toBe(true);
    expect((await futures.closeLots(call(follower), copyB!.position_id, 1)).ok).toBe(true);
    // The follower's own trade, and the trader closes the rest.
    const own = await submit(c, follower, { lots: 1 });
    c.setMark('BTC/USDT', '60500');
    expect((await futures.close(call(follower), own.position.id)).ok).toBe(true);
    expect((await futures.close(call(trader), first.position.id)).ok).toBe(true);
    await mirrored(c);

    const copiesA = await copyOf(first.position.id);
    const copiesB = await copyOf(second.position.id);
    // Copy A: the original, the mirror's part and the follower's part; copy B and its self-held part.
    expect(copiesA.map((p) => p.self_held)).toEqual([0, 0, 0]);
    expect(copiesB.map((p) => p.self_held)).toEqual([1, 1]);
    const traderTotals = await ownTotals(c.t.server.db, trader.uid);
    expect(traderTotals.closedTrades).toBe(2);
    expect(traderTotals).toEqual(await ownTotalsFromHistory(c.t.server.db, trader.uid));
    expect((await ownTotals(c.t.server.db, follower.uid)).closedTrades).toBe(1);
    expect(await ownTotals(c.t.server.db, follower.uid)).toEqual(await ownTotalsFromHistory(c.t.server.db, follower.uid));
    const follow = await copyDb().selectFrom('copy_follows').select('realised_minor').where('id', '=', followId).executeTakeFirstOrThrow();
    expect(BigInt(follow.realised_minor)).toBe(await realisedFromHistory(c.t.server.db, followId));
  });

  it('gives the all-time figures from the totals', async () => {
    await copytrade(c).traders.refreshFigures();
    const ever = await copyDb().selectFrom('copy_trader_figures').selectAll().where('trader_user_id', '=', trader.uid).where('days', '=', 0).executeTakeFirstOrThrow();
    const totals = await ownTotals(c.t.server.db, trader.uid);
    expect([ever.profit_minor, ever.closed_trades, ever.winning_trades]).toEqual([totals.profitMinor.toString(), totals.closedTrades, totals.winningTrades]);
  });

  it("bases each window's ROI on the balance at its start plus what came in since", async () => {
    const { futures } = contractsOf(c.t.server.modules);
    // Postings on both sides of each window's start: a deposit and trades 10 days apart, a limit order's frozen margin.
    const later = async (days: number) => {
      c.t.clock.advance(days * DAY_MS);
      trader.token = await c.t.server.services.sessions.create(trader.uid, true, '127.0.0.1');
    };
    await later(10);
    await fundAccount(c.t, trader, '500');
    c.setMark('BTC/USDT', '60000');
    const won = await submit(c, trader, { lots: 2 });
    c.setMark('BTC/USDT', '61000');
    expect((await futures.close(call(trader), won.position.id)).ok).toBe(true);
    await later(25);
    await fundAccount(c.t, trader, '250');
    await submit(c, trader, { lots: 1, order_type: 'limit', target_price: '50000' });
    await copytrade(c).traders.refreshFigures();
    const now = c.t.clock.now().getTime();
    const figures = await copyDb().selectFrom('copy_trader_figures').selectAll().where('trader_user_id', '=', trader.uid).execute();
    const usdt = await usdtId(c.t.server.db);
    for (const days of [7, 30, 90]) {
      const since = new Date(now - days * DAY_MS);
      const base = await roiBaseByDate(trader.uid, since);
      expect({ days, base: await roiBaseMinor(c.t.server.db, trader.uid, usdt, since) }).toEqual({ days, base });
      const f = figures.find((x) => x.days === days)!;
      expect({ days, yield: f.yield_ppm }).toEqual({ days, yield: yieldPpm(BigInt(f.profit_minor), base) });
    }
    expect(figures.find((x) => x.days === 30)!.yield_ppm).not.toBe(0);
  });

  it('is filled from the history by its migration', async () => {
    const before = await copyDb().selectFrom('copy_trade_totals').select(['user_id', 'profit_minor', 'closed_trades', 'winning_trades']).orderBy('user_id').execute();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const migration = copytradeTotalsMigration();
    const db = c.t.server.db as unknown as Kysely<unknown>;
    await migration.down!(db);
    await migration.up(db);
    expect(await copyDb().selectFrom('copy_trade_totals').select(['user_id', 'profit_minor', 'closed_trades', 'winning_trades']).orderBy('user_id').execute()).toEqual(before);
  });
});
