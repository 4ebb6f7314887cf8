import type { FigureWindow } from '../../../contract/api/copytrade.ts';
import type { DueHandler, DueSchedule } from '../../services/due-work/due-work.ts';
import type { Tx } from '../../services/write-transaction.ts';
import { accuracyPpm, yieldPpm } from './rules.ts';
import type { CopyTables } from './schema.ts';
import { tradeNetMinor, usdtId } from './shares.ts';
import { ownTotals, totalsOf } from './trade-totals.ts';

export const FIGURES_KIND = 'copytrade.figures';
export const FIGURE_DAYS: readonly FigureWindow[] = [7, 30, 90];
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The refresh due at the top of the hour of `atMs`, keyed by that hour: a recurring chain; after downtime one refresh catches up (the figures are as of now). */
export const figuresDue = (atMs: number): DueSchedule => {
  const hour = Math.floor(atMs / HOUR_MS) * HOUR_MS;
  return { kind: FIGURES_KIND, key: `hour:${new Date(hour).toISOString()}`, dueAt: new Date(hour) };
};

/** A trader's own futures closed since `since` (their copies of other traders left out), oldest first. */
export function ownClosedTrades(trx: Tx, traderId: number, since: Date) {
  const copies = trx.withTables<CopyTables>().selectFrom('copy_positions').select('position_id').where('follower_id', '=', traderId);
  return trx.selectFrom('futures_positions').selectAll().where('user_id', '=', traderId).where('state', '=', 'closed').where('closed_at', '>=', since.toISOString())
    .where('id', 'not in', copies).orderBy('closed_at').orderBy('id').execute();
}

/**
 * ROI's base: the lever account's balance (available + frozen) at the window's start, plus what came
 * in during the window other than futures and profit shares (deposits and transfers in). Both read
 * only the window's postings: the start is today's balance less every posting after the last one
 * before the window, so a trader's older history is never scanned.
 */
export async function roiBaseMinor(trx: Tx, traderId: number, currencyId: number, since: Date): Promise<bigint> {
  const account = await trx.selectFrom('ledger_accounts').select(['id', 'available_minor', 'frozen_minor'])
    .where('user_id', '=', traderId).where('name', '=', 'lever').where('currency_id', '=', currencyId).executeTakeFirst();
  if (!account) return 0n;
  const edge = await trx.selectFrom('ledger_postings').select('id').where('account_id', '=', account.id).where('created_at', '<', since.toISOString())
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
  const window = await trx.selectFrom('ledger_postings').select(['amount_minor', 'bucket', 'kind']).where('account_id', '=', account.id)
    .where('id', '>', edge?.id ?? 0).execute();
  let start = BigInt(account.available_minor) + BigInt(account.frozen_minor);
  let deposits = 0n;
  for (const p of window) {
    const amount = BigInt(p.amount_minor);
    start -= amount;
    if (p.bucket === 'available' && amount > 0n && !p.kind.startsWith('lever_') && !p.kind.startsWith('copytrade_')) deposits += amount;
  }
  return start + deposits;
}

/** Computes every approved trader's figures (7, 30, 90 days, and 0 = since ever) as of `now`, through `trx`. */
export async function refreshFigures(trx: Tx, now: Date): Promise<number> {
  const db = trx.withTables<CopyTables>();
  const traders = await db.selectFrom('copy_traders').select('user_id').where('state', '=', 'approved').execute();
  const currencyId = await usdtId(trx);
  const longest = Math.max(...FIGURE_DAYS);
  for (const { user_id: traderId } of traders) {
    // The windows read their closes; all time is the running totals, so a refresh costs the same however long the history.
    const recent = await ownClosedTrades(trx, traderId, new Date(now.getTime() - longest * DAY_MS));
    const ever = await ownTotals(trx, traderId);
    for (const days of [0, ...FIGURE_DAYS]) {
      const since = days === 0 ? null : new Date(now.getTime() - days * DAY_MS);
      const { profitMinor, closedTrades, winningTrades } = since ? totalsOf(recent.filter((r) => (r.closed_at ?? '') >= since.toISOString()).map(tradeNetMinor)) : ever;
      const base = since ? await roiBaseMinor(trx, traderId, currencyId, since) : 0n;
      const values = {
        profit_minor: profitMinor.toString(), yield_ppm: yieldPpm(profitMinor, base), accuracy_ppm: accuracyPpm(winningTrades, closedTrades),
        closed_trades: closedTrades, winning_trades: winningTrades, computed_at: now.toISOString(),
      };
      await db.insertInto('copy_trader_figures').values({ trader_user_id: traderId, days, ...values })
        .onConflict((oc) => oc.columns(['trader_user_id', 'days']).doUpdateSet(values)).execute();
    }
  }
  return traders.length;
}

/** Trader figures, hourly (spec section 9): each run computes them and schedules the next hour. */
export const figuresHandler: DueHandler = {
  kind: FIGURES_KIND,
  run: async (trx, item, now) => {
    await refreshFigures(trx, now);
    const next = Math.max(item.dueAt.getTime() + HOUR_MS, Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
    return { done: true, next: [figuresDue(next)] };
  },
};
