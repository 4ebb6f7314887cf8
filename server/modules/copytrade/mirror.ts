import type { Selectable } from 'kysely';
import type { CopyAction, CopyEvent, CopyMode, CopySkipReason } from '../../../contract/api/copytrade.ts';
import { marginMinor, quantityScaled } from '../../domain/futures-math.ts';
import type { ContractParams } from '../../domain/futures-settings.ts';
import { insertRows } from '../../services/bulk-sql.ts';
import type { ContractSymbol } from '../../services/contracts/contract-directory.ts';
import type { MarketOpen } from '../../services/contracts/futures-batch-steps.ts';
import type { Contracts } from '../../services/contracts/contracts-module.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import { writeTransaction, type Tx } from '../../services/write-transaction.ts';
import type { CopyEvents } from './copy-events.ts';
import { copyLots, partialCloseLots } from './rules.ts';
import type { CopyActivityTable, CopyTables } from './schema.ts';

type Activity = Selectable<CopyActivityTable>;

/**
 * Followers one transaction mirrors: a request waits for SQLite's one connection while a batch holds
 * it (500 opens take about 50 ms). COPY_MIRROR_BATCH sets it (the crash test makes batches small, so
 * a kill -9 lands between them).
 */
const BATCH = Number(process.env.COPY_MIRROR_BATCH ?? 500) || 500;
const POLL_MS = 200;

interface Target {
  followId: number;
  followerId: number;
  /** open: the follow's settings and its place among the trader's active follows (for the quota). */
  mode?: CopyMode;
  units?: number;
  budgetMinor?: bigint;
  rank?: number;
  /** Other actions: the follower's live copy. */
  positionId?: number;
  lots?: number;
}

interface Done {
  followerId: number;
  event: CopyEvent;
  closedPositionId: number | null;
}

const db = (trx: Tx) => trx.withTables<CopyTables>();

/**
 * Mirrors traders' recorded activity (copy_activity, written by the futures hook in the trader's
 * transaction) onto their followers, oldest first. Each follower's copy or skip is claimed by a
 * copy_events row unique per (activity, follow) in the transaction that makes it, so a crash (kill
 * -9) at any point leaves each follower mirrored once: the rerun skips the claimed ones. Copies open
 * at the mark, the house being every position's counterparty.
 */
export class CopyMirror {
  /** The last pass queued: every pass runs after the one before, so two never mirror at once (on PostgreSQL they could). */
  private chain: Promise<unknown> = Promise.resolve();
  private queued = false;
  private started = false;

  constructor(private readonly ctx: ServiceContext, private readonly contracts: Contracts, private readonly events: CopyEvents) {}

  /** Wakes the mirror (after a trader's change committed): one pass is queued unless one is waiting to start. */
  nudge(): void {
    if (!this.started || this.queued) return;
    this.queued = true;
    this.drain(() => { this.queued = false; }).catch((error: unknown) => this.ctx.log.warn({ err: error }, 'copy mirror failed'));
  }

  /** Mirrors every pending activity, after any pass in progress; answers how many it finished. */
  drain(onStart?: () => void): Promise<number> {
    const pass = this.chain.then(async () => {
      onStart?.();
      let finished = 0;
      for (;;) {
        const next = await db(this.ctx.db).selectFrom('copy_activity').selectAll().where('done', '=', 0).orderBy('id').limit(1).executeTakeFirst();
        if (!next) return finished;
        await this.mirror(next);
        finished += 1;
      }
    });
    this.chain = pass.catch(() => undefined);
    return pass;
  }

  /** Runs `drain` when nudged and every POLL_MS, in the engine's process (elsewhere a nudge does nothing). */
  start(): { stop(): Promise<void> } {
    this.started = true;
    const timer = setInterval(() => this.nudge(), POLL_MS);
    timer.unref();
    this.nudge();
    return {
      stop: async () => {
        this.started = false;
        clearInterval(timer);
        await this.idle();
      },
    };
  }

  /** Waits for a pass in progress (tests, shutdown). */
  async idle(): Promise<void> {
    let last: Promise<unknown>;
    do {
      last = this.chain;
      await last;
    } while (last !== this.chain);
  }

  private async mirror(activity: Activity): Promise<void> {
    const symbol = await this.contracts.directory.find({ symbol: activity.symbol });
    const params = await this.contracts.directory.params();
    const nickname = (await this.ctx.db.selectFrom('users').select('nickname').where('id', '=', activity.trader_user_id).executeTakeFirst())?.nickname ?? '';
    const targets = await this.targets(activity);
    const source = activity.action === 'open' ? await this.source(activity) : null;
    for (let at = 0; at < targets.length; at += BATCH) {
      const batch = targets.slice(at, at + BATCH);
      const done = await writeTransaction(this.ctx, async (trx) => {
        if (source && symbol.ok) return this.openBatch(trx, activity, batch, symbol.value, params, nickname, source);
        if ((activity.action === 'close' || activity.action === 'liquidation') && symbol.ok) return this.closeBatch(trx, activity, batch, symbol.value, params, nickname);
        const made: Done[] = [];
        for (const target of batch) {
          const one = await this.one(trx, activity, target, symbol.ok ? symbol.value : null, params, nickname);
          if (one) made.push(one);
        }
        return made;
      });
      this.announce(done);
    }
    await db(this.ctx.db).updateTable('copy_activity').set({ done: 1 }).where('id', '=', activity.id).execute();
  }

  private announce(done: Done[]): void {
    for (const { followerId, event, closedPositionId } of done) {
      this.events.emit(followerId, event);
      // A closed copy is listed in the follower's next risk message; an open one is in every message from now on.
      if (closedPositionId !== null) this.contracts.events.changed(followerId, closedPositionId);
    }
  }

  /** Who the activity applies to and is not mirrored yet: every active follow for an open, every live copy for the rest. */
  private async targets(activity: Activity): Promise<Target[]> {
    const claimed = new Set((await db(this.ctx.db).selectFrom('copy_events').select('follow_id').where('activity_id', '=', activity.id).execute()).map((r) => r.follow_id));
    if (activity.action === 'open') {
      const follows = await db(this.ctx.db).selectFrom('copy_follows').select(['id', 'follower_id', 'mode', 'number_units', 'budget_minor', 'created_at'])
        .where('trader_user_id', '=', activity.trader_user_id).where('state', '=', 'active').orderBy('id').execute();
      return follows.map((f, rank) => ({ f, rank }))
        .filter(({ f }) => f.created_at <= activity.at && !claimed.has(f.id))
        .map(({ f, rank }) => ({ followId: f.id, followerId: f.follower_id, mode: f.mode === 'lots' ? 'lots' : 'multiple', units: f.number_units, budgetMinor: BigInt(f.budget_minor), rank }));
    }
    const copies = await db(this.ctx.db).selectFrom('copy_positions as c').innerJoin('futures_positions as f', 'f.id', 'c.position_id')
      .select(['c.follow_id', 'c.follower_id', 'c.position_id', 'f.lots'])
      .where('c.trader_position_id', '=', activity.position_id).where('c.self_held', '=', 0).where('f.state', '=', 'open').orderBy('c.position_id').execute();
    return copies.filter((c) => !claimed.has(c.follow_id)).map((c) => ({ followId: c.follow_id, followerId: c.follower_id, positionId: c.position_id, lots: c.lots }));
  }

  /**
   * One batch of an open's copies in one transaction, with multi-row statements: claims are the
   * copy_events rows inserted at the end (unique per activity and follow, so a rerun after a crash
   * skips what committed), sizes and budgets decided per follow, the copies opened together
   * (FuturesBatchSteps.openMarketMany, one journal each).
   */
  private async openBatch(trx: Tx, activity: Activity, batch: Target[], symbol: ContractSymbol, params: ContractParams, nickname: string, trader: Source): Promise<Done[]> {
    const followIds = batch.map((t) => t.followId);
    const claimed = new Set((await db(trx).selectFrom('copy_events').select('follow_id').where('activity_id', '=', activity.id).where('follow_id', 'in', followIds).execute()).map((r) => r.follow_id));
    const unclaimed = batch.filter((t) => !claimed.has(t.followId));
    const used = new Map<number, bigint>();
    const margins = await db(trx).selectFrom('copy_positions as c').innerJoin('futures_positions as f', 'f.id', 'c.position_id').select(['c.follow_id', 'f.margin_minor'])
      .where('c.follow_id', 'in', followIds).where('c.self_held', '=', 0).where('f.state', '=', 'open').execute();
    for (const m of margins) used.set(m.follow_id, (used.get(m.follow_id) ?? 0n) + BigInt(m.margin_minor));
    const mark = this.contracts.reads.marks(symbol.symbol);
    const results: Outcome[] = [];
    const forms: { at: number; lots: number; form: MarketOpen }[] = [];
    for (const target of unclaimed) {
      const wanted = copyLots(target.mode ?? 'multiple', target.units ?? 100, activity.lots);
      const lots = Math.min(wanted, symbol.terms.maxLots);
      if ((target.rank ?? 0) >= trader.maxFollowers) results.push(skip('quota_full'));
      else if (wanted < symbol.terms.minLots) results.push(skip('below_min_lot'));
      else if (mark === null) results.push(skip('price_unavailable'));
      else if ((used.get(target.followId) ?? 0n) + marginMinor(mark, quantityScaled(lots, symbol.terms.lotSizeScaled), trader.multiple, symbol.quoteDecimals) > (target.budgetMinor ?? 0n)) results.push(skip('budget_used'));
      else {
        forms.push({ at: results.length, lots, form: {
          userId: target.followerId, symbol, side: activity.side === 'short' ? 'short' : 'long', multiple: trader.multiple, lots, priceTicks: mark,
          tpTicks: trader.tpTicks, slTicks: trader.slTicks, maxOpenPositions: params.maxOpenPositions, copy: true,
        } });
        results.push({ reason: null, lots, closed: false });
      }
    }
    const opened = await this.contracts.settlement.batch.openMarketMany(trx, forms.map((f) => f.form));
    for (const [n, { at, lots }] of forms.entries()) {
      const outcome = opened[n]!;
      results[at] = outcome.ok ? { reason: null, lots, positionId: outcome.value, closed: false } : skip(outcome.code === 'CONTRACT.TOO_MANY_POSITIONS' ? 'too_many_positions' : 'insufficient_margin');
    }
    const now = this.ctx.clock.now().toISOString();
    const copies = unclaimed.flatMap((t, i) => (results[i]!.positionId === undefined ? [] : [[results[i]!.positionId, t.followId, t.followerId, activity.trader_user_id, activity.position_id, 0, 0, now]]));
    await insertRows(trx, this.ctx.dialect, 'copy_positions', ['position_id', 'follow_id', 'follower_id', 'trader_user_id', 'trader_position_id', 'self_held', 'closed_lots', 'created_at'], copies);
    const rows = unclaimed.map((t, i) => {
      const r = results[i]!;
      return [activity.id, t.followId, t.followerId, activity.trader_user_id, 'open', r.reason === null ? 'copied' : 'skipped', r.reason, activity.symbol, activity.side, activity.position_id, r.positionId ?? null, activity.lots, r.lots, now];
    });
    const ids = await insertRows(trx, this.ctx.dialect, 'copy_events', EVENT_COLUMNS, rows, true);
    return unclaimed.map((t, i): Done => {
      const r = results[i]!;
      return {
        followerId: t.followerId, closedPositionId: null,
        event: {
          id: ids[i]!, follow_id: t.followId, trader_user_id: activity.trader_user_id, nickname, action: 'open', outcome: r.reason === null ? 'copied' : 'skipped',
          skip_reason: r.reason, symbol: activity.symbol, type: activity.side === 'short' ? 'short' : 'long', trader_position_id: activity.position_id,
          position_id: r.positionId ?? null, trader_lots: activity.lots, lots: r.lots, at: now,
        },
      };
    });
  }

  /**
   * One batch of a close's (or liquidation's) copies in one transaction: the plain ones closed
   * together (FuturesBatchSteps.closeMany, a journal each), the rest one by one as close() does,
   * then their copy_events rows in one statement (unique per activity and follow).
   */
  private async closeBatch(trx: Tx, activity: Activity, batch: Target[], symbol: ContractSymbol, params: ContractParams, nickname: string): Promise<Done[]> {
    const claimed = new Set((await db(trx).selectFrom('copy_events').select('follow_id').where('activity_id', '=', activity.id).where('follow_id', 'in', batch.map((t) => t.followId)).execute()).map((r) => r.follow_id));
    const unclaimed = batch.filter((t) => !claimed.has(t.followId));
    const ids = unclaimed.map((t) => t.positionId ?? 0);
    const live = new Set((await db(trx).selectFrom('copy_positions as c').innerJoin('futures_positions as f', 'f.id', 'c.position_id').select('c.position_id')
      .where('c.position_id', 'in', ids).where('c.self_held', '=', 0).where('f.state', '=', 'open').execute()).map((r) => r.position_id));
    const mark = this.contracts.reads.marks(symbol.symbol);
    const fast = mark === null ? new Map<number, boolean>() : await this.contracts.settlement.batch.closeMany(trx, ids.filter((id) => live.has(id)).map((id) => ({ id, markTicks: mark })), 'manual', params.overnightMinuteUtc);
    const results: Outcome[] = [];
    for (const t of unclaimed) {
      const id = t.positionId ?? 0;
      // Closed by its own stop or detached since the targets were read: nothing left to mirror.
      if (!live.has(id)) results.push({ reason: null, lots: 0, positionId: id, closed: false });
      else if (fast.get(id)) results.push({ reason: null, lots: t.lots ?? 0, positionId: id, closed: true });
      else results.push(await this.follow(trx, activity, t, params));
    }
    const now = this.ctx.clock.now().toISOString();
    const rows = unclaimed.map((t, i) => {
      const r = results[i]!;
      return [activity.id, t.followId, t.followerId, activity.trader_user_id, activity.action, r.reason === null ? 'copied' : 'skipped', r.reason, activity.symbol, activity.side, activity.position_id, r.positionId ?? t.positionId ?? null, activity.lots, r.lots, now];
    });
    const eventIds = await insertRows(trx, this.ctx.dialect, 'copy_events', EVENT_COLUMNS, rows, true);
    return unclaimed.map((t, i): Done => {
      const r = results[i]!;
      return {
        followerId: t.followerId, closedPositionId: r.closed ? (t.positionId ?? null) : null,
        event: {
          id: eventIds[i]!, follow_id: t.followId, trader_user_id: activity.trader_user_id, nickname, action: activity.action as CopyAction, outcome: r.reason === null ? 'copied' : 'skipped',
          skip_reason: r.reason, symbol: activity.symbol, type: activity.side === 'short' ? 'short' : 'long', trader_position_id: activity.position_id,
          position_id: r.positionId ?? t.positionId ?? null, trader_lots: activity.lots, lots: r.lots, at: now,
        },
      };
    });
  }

  /** What every copy of an open takes from the trader: the position's leverage and stops, and the quota. */
  private async source(activity: Activity): Promise<Source> {
    const position = await this.ctx.db.selectFrom('futures_positions').select(['multiple', 'tp_ticks', 'sl_ticks']).where('id', '=', activity.position_id).executeTakeFirstOrThrow();
    const quota = await db(this.ctx.db).selectFrom('copy_traders').select('max_followers').where('user_id', '=', activity.trader_user_id).executeTakeFirst();
    return {
      multiple: position.multiple, tpTicks: position.tp_ticks === null ? null : BigInt(position.tp_ticks), slTicks: position.sl_ticks === null ? null : BigInt(position.sl_ticks),
      maxFollowers: quota?.max_followers ?? 0,
    };
  }

  private async one(trx: Tx, activity: Activity, target: Target, symbol: ContractSymbol | null, params: ContractParams, nickname: string): Promise<Done | null> {
    const now = this.ctx.clock.now().toISOString();
    const claim = await db(trx).insertInto('copy_events').values({
      activity_id: activity.id, follow_id: target.followId, follower_id: target.followerId, trader_user_id: activity.trader_user_id,
      action: activity.action, outcome: 'skipped', skip_reason: null, symbol: activity.symbol, side: activity.side,
      trader_position_id: activity.position_id, position_id: target.positionId ?? null, trader_lots: activity.lots, lots: 0, at: now,
    }).onConflict((oc) => oc.columns(['activity_id', 'follow_id']).doNothing()).returning('id').executeTakeFirst();
    if (!claim) return null;
    // Opens go through openBatch; one reaching here has no symbol to open on.
    const result = symbol === null || activity.action === 'open' ? skip('price_unavailable') : await this.follow(trx, activity, target, params);
    await db(trx).updateTable('copy_events').set({
      outcome: result.reason === null ? 'copied' : 'skipped', skip_reason: result.reason, position_id: result.positionId ?? target.positionId ?? null, lots: result.lots,
    }).where('id', '=', claim.id).execute();
    const event: CopyEvent = {
      id: claim.id, follow_id: target.followId, trader_user_id: activity.trader_user_id, nickname, action: activity.action as CopyAction,
      outcome: result.reason === null ? 'copied' : 'skipped', skip_reason: result.reason, symbol: activity.symbol, type: activity.side === 'short' ? 'short' : 'long',
      trader_position_id: activity.position_id, position_id: result.positionId ?? target.positionId ?? null, trader_lots: activity.lots, lots: result.lots, at: now,
    };
    return { followerId: target.followerId, event, closedPositionId: result.closed ? (target.positionId ?? null) : null };
  }

  /** A close, partial close, liquidation or stops change of the trader's position, on one live copy. */
  private async follow(trx: Tx, activity: Activity, target: Target, params: ContractParams): Promise<Outcome> {
    const positionId = target.positionId ?? 0;
    const row = await trx.selectFrom('futures_positions').selectAll().where('id', '=', positionId).executeTakeFirst();
    const copy = await db(trx).selectFrom('copy_positions').select(['self_held', 'closed_lots']).where('position_id', '=', positionId).executeTakeFirst();
    // Closed by its own stop or detached since the targets were read: nothing left to mirror.
    if (!row || row.state !== 'open' || !copy || copy.self_held !== 0) return { reason: null, lots: 0, positionId, closed: false };
    if (activity.action === 'stops') {
      const trader = await trx.selectFrom('futures_positions').select(['tp_ticks', 'sl_ticks']).where('id', '=', activity.position_id).executeTakeFirstOrThrow();
      await this.contracts.settlement.setStopsOf(trx, row, trader.tp_ticks === null ? null : BigInt(trader.tp_ticks), trader.sl_ticks === null ? null : BigInt(trader.sl_ticks));
      return { reason: null, lots: row.lots, positionId, closed: false };
    }
    const mark = this.contracts.reads.marks(row.symbol);
    if (mark === null) return skip('price_unavailable');
    const lots = activity.action === 'partial_close' ? partialCloseLots(row.lots, activity.lots, activity.lots_before) : row.lots;
    if (lots < 1) return skip('below_min_lot');
    if (lots >= row.lots) {
      const closed = await this.contracts.settlement.close(trx, positionId, mark, 'manual', null, this.contracts.reads.marks, params.overnightMinuteUtc);
      return closed.ok ? { reason: null, lots, positionId, closed: true } : skip('price_unavailable');
    }
    const part = await this.contracts.settlement.closePart(trx, positionId, lots, mark, null, this.contracts.reads.marks, params.overnightMinuteUtc);
    if (!part.ok) return skip('below_min_lot');
    // The futures hook recorded the closed part as a copy and added its result.
    await db(trx).updateTable('copy_positions').set({ closed_lots: copy.closed_lots + lots }).where('position_id', '=', positionId).execute();
    return { reason: null, lots, positionId, closed: false };
  }
}

interface Source {
  multiple: number;
  tpTicks: bigint | null;
  slTicks: bigint | null;
  maxFollowers: number;
}

interface Outcome {
  reason: CopySkipReason | null;
  lots: number;
  positionId?: number;
  closed: boolean;
}

const EVENT_COLUMNS = ['activity_id', 'follow_id', 'follower_id', 'trader_user_id', 'action', 'outcome', 'skip_reason', 'symbol', 'side', 'trader_position_id', 'position_id', 'trader_lots', 'lots', 'at'];

const skip = (reason: CopySkipReason): Outcome => ({ reason, lots: 0, closed: false });
