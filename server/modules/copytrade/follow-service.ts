import type { CancelPreview, CancelResult, CopyMode, CopyPosition, CopySkipReason, FollowPreview, MyFollow } from '../../../contract/api/copytrade.ts';
import { parseAmount } from '../../domain/amount-input.ts';
import { marginMinor, quantityScaled } from '../../domain/futures-math.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Contracts } from '../../services/contracts/contracts-module.ts';
import type { DueWork } from '../../services/due-work/due-work.ts';
import { pnlMinor } from '../../domain/futures-math.ts';
import type { IdempotencyService, IdempotentCall } from '../../services/ledger/idempotency-service.ts';
import type { LedgerService } from '../../services/ledger/ledger-service.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import type { Tx } from '../../services/write-transaction.ts';
import { USDT_DECIMALS, type CopyViews } from './copy-views.ts';
import { copyLots, modeOf, numberUnitsOf, profitShareDue } from './rules.ts';
import type { CopyTables } from './schema.ts';
import { realisedOf, settleShare, shareDue, usdtId } from './shares.ts';

/** A follow's settings as sent: `type`, `number`, `budget`. */
export interface SettingsInput {
  type: string;
  number: string;
  budget: string;
}

interface Settings {
  mode: CopyMode;
  units: number;
  budgetMinor: bigint;
}

const db = (trx: Tx) => trx.withTables<CopyTables>();
const money = (minor: bigint) => minorToDecimal(minor, USDT_DECIMALS);

export function settingsOf(input: SettingsInput): Outcome<Settings> {
  const mode = modeOf(input.type);
  if (!mode) return failure('COPYTRADE.TYPE_INVALID', 'type');
  const units = numberUnitsOf(mode, input.number);
  if (units === null) return failure('COPYTRADE.NUMBER_INVALID', 'number');
  const budget = parseAmount(input.budget, USDT_DECIMALS, 'budget');
  if (!budget.ok) return failure('COPYTRADE.BUDGET_INVALID', 'budget');
  return success({ mode, units, budgetMinor: budget.value });
}

/**
 * Following, its settings, stopping and self-holding. Follows and copies are looked up with the
 * caller's uid, so another user's answer COMMON.NOT_FOUND (or not following) and change nothing.
 * Writes run through the idempotency service: one transaction each, nothing of a refusal kept.
 */
export class FollowService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly contracts: Contracts,
    private readonly views: CopyViews,
    private readonly dueWork: DueWork,
  ) {}

  private async leverAvailable(trx: Tx, userId: number): Promise<bigint> {
    const row = await trx.selectFrom('ledger_accounts').select('available_minor')
      .where('user_id', '=', userId).where('name', '=', 'lever').where('currency_id', '=', await usdtId(trx)).executeTakeFirst();
    return BigInt(row?.available_minor ?? '0');
  }

  private async trader(trx: Tx, traderId: number) {
    return db(trx).selectFrom('copy_traders').selectAll().where('user_id', '=', traderId).where('state', '=', 'approved').executeTakeFirst();
  }

  private async activeFollow(trx: Tx, userId: number, traderId: number) {
    return db(trx).selectFrom('copy_follows').selectAll().where('follower_id', '=', userId).where('trader_user_id', '=', traderId).where('state', '=', 'active').executeTakeFirst();
  }

  /** The problem following would answer now, checked in this order by preview and follow alike. */
  private async followProblem(trx: Tx, userId: number, traderId: number, settings: Settings): Promise<Outcome<{ sharePpm: number }>> {
    if (traderId === userId) return failure('COPYTRADE.FOLLOW_SELF', 'trader_user_id');
    const trader = await this.trader(trx, traderId);
    if (!trader) return failure('COPYTRADE.TRADER_NOT_FOUND', 'trader_user_id');
    if (await this.activeFollow(trx, userId, traderId)) return failure('COPYTRADE.ALREADY_FOLLOWING', 'trader_user_id');
    const followers = await db(trx).selectFrom('copy_follows').select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('trader_user_id', '=', traderId).where('state', '=', 'active').executeTakeFirst();
    if (Number(followers?.n ?? 0) >= trader.max_followers) return failure('COPYTRADE.QUOTA_FULL', 'trader_user_id');
    if (settings.budgetMinor > (await this.leverAvailable(trx, userId))) return failure('COPYTRADE.BUDGET_ABOVE_BALANCE', 'budget');
    return success({ sharePpm: trader.profit_share_ppm });
  }

  async preview(userId: number, traderId: number, input: SettingsInput): Promise<Outcome<FollowPreview>> {
    if (traderId === userId) return failure('COPYTRADE.FOLLOW_SELF', 'trader_user_id');
    const trader = await this.trader(this.ctx.db, traderId);
    if (!trader) return failure('COPYTRADE.TRADER_NOT_FOUND', 'trader_user_id');
    const parsed = settingsOf(input);
    if (!parsed.ok) return parsed;
    const settings = parsed.value;
    const problem = await this.followProblem(this.ctx.db, userId, traderId, settings);
    const [row] = await this.views.traderRows(userId, [traderId]);
    const open = await this.views.traderTrades(traderId, 'open', { page: 1, limit: 20, offset: 0 });
    const examples: FollowPreview['examples'] = [];
    for (const trade of open.data) examples.push(await this.example(trade.symbol, trade.multiple, trade.lots, settings));
    for (const lots of [1, 10]) examples.push(await this.example(open.data[0]?.symbol ?? 'BTC/USDT', open.data[0]?.multiple ?? 10, lots, settings));
    const user = await this.ctx.db.selectFrom('users').select('nickname').where('id', '=', traderId).executeTakeFirst();
    return success({
      trader_user_id: traderId, nickname: user?.nickname ?? '', mode: settings.mode, number: input.number.trim(), budget: money(settings.budgetMinor),
      available: money(await this.leverAvailable(this.ctx.db, userId)), profit_share: row?.profit_share ?? '0', followers: row?.followers ?? 0,
      max_followers: trader.max_followers, examples, problem: problem.ok ? null : problem.code,
    });
  }

  /** What a trader's open of `traderLots` would copy, by the mirror's size and budget rules (margin at the current mark). */
  private async example(symbolText: string, multiple: number, traderLots: number, settings: Settings): Promise<FollowPreview['examples'][number]> {
    const lots = copyLots(settings.mode, settings.units, traderLots);
    const symbol = await this.contracts.directory.find({ symbol: symbolText });
    let reason: CopySkipReason | null = null;
    if (!symbol.ok) reason = 'price_unavailable';
    else if (lots < symbol.value.terms.minLots) reason = 'below_min_lot';
    else {
      const mark = this.contracts.reads.marks(symbol.value.symbol);
      if (mark === null) reason = 'price_unavailable';
      else if (marginMinor(mark, quantityScaled(Math.min(lots, symbol.value.terms.maxLots), symbol.value.terms.lotSizeScaled), multiple, symbol.value.quoteDecimals) > settings.budgetMinor) reason = 'budget_used';
    }
    return { trader_lots: traderLots, lots: reason === null && symbol.ok ? Math.min(lots, symbol.value.terms.maxLots) : 0, skip_reason: reason };
  }

  async follow(call: IdempotentCall, traderId: number, input: SettingsInput, agreed: boolean): Promise<Outcome<MyFollow>> {
    const parsed = settingsOf(input);
    if (!parsed.ok) return parsed;
    if (!agreed) return failure('COPYTRADE.AGREEMENT_REQUIRED', 'agree');
    return this.idempotency.run(call, async (trx) => {
      // Follows of one trader take turns on PostgreSQL, so the one-active-follow check and the
      // quota count see each other (SQLite runs one write at a time already).
      if (this.ctx.dialect === 'postgres') await db(trx).selectFrom('copy_traders').select('id').where('user_id', '=', traderId).forUpdate().execute();
      const problem = await this.followProblem(trx, call.userId, traderId, parsed.value);
      if (!problem.ok) return problem;
      const now = this.ctx.clock.now().toISOString();
      const row = await db(trx).insertInto('copy_follows').values({
        follower_id: call.userId, trader_user_id: traderId, mode: parsed.value.mode, number_units: parsed.value.units, budget_minor: parsed.value.budgetMinor.toString(),
        profit_share_ppm: problem.value.sharePpm, shared_minor: '0', state: 'active', created_at: now, ended_at: null, updated_at: now,
      }).returningAll().executeTakeFirstOrThrow();
      return success(await this.views.follow(trx, row));
    });
  }

  /** New settings for an active follow: its next copies use them; open copies keep their size. */
  async edit(call: IdempotentCall, traderId: number, input: SettingsInput): Promise<Outcome<MyFollow>> {
    const parsed = settingsOf(input);
    if (!parsed.ok) return parsed;
    return this.idempotency.run(call, async (trx) => {
      const follow = await this.activeFollow(trx, call.userId, traderId);
      if (!follow) return failure('COPYTRADE.NOT_FOLLOWING', 'trader_user_id');
      if (parsed.value.budgetMinor > BigInt(follow.budget_minor) && parsed.value.budgetMinor > (await this.leverAvailable(trx, call.userId))) return failure('COPYTRADE.BUDGET_ABOVE_BALANCE', 'budget');
      await db(trx).updateTable('copy_follows').set({
        mode: parsed.value.mode, number_units: parsed.value.units, budget_minor: parsed.value.budgetMinor.toString(), updated_at: this.ctx.clock.now().toISOString(),
      }).where('id', '=', follow.id).execute();
      const row = await db(trx).selectFrom('copy_follows').selectAll().where('id', '=', follow.id).executeTakeFirstOrThrow();
      return success(await this.views.follow(trx, row));
    });
  }

  private async liveCopies(trx: Tx, followId: number) {
    return db(trx).selectFrom('copy_positions as c').innerJoin('futures_positions as f', 'f.id', 'c.position_id').selectAll('f')
      .where('c.follow_id', '=', followId).where('c.self_held', '=', 0).where('f.state', '=', 'open').orderBy('f.id').execute();
  }

  async cancelPreview(userId: number, traderId: number): Promise<Outcome<CancelPreview>> {
    const follow = await this.activeFollow(this.ctx.db, userId, traderId);
    if (!follow) return failure('COPYTRADE.NOT_FOLLOWING', 'follow_user_id');
    const live = await this.liveCopies(this.ctx.db, follow.id);
    let unrealised = 0n;
    for (const row of live) {
      const mark = this.contracts.reads.marks(row.symbol);
      if (mark !== null && row.open_price_ticks !== null) unrealised += pnlMinor(row.side === 'short' ? 'short' : 'long', BigInt(row.open_price_ticks), mark, quantityScaled(row.lots, BigInt(row.lot_size_scaled)), USDT_DECIMALS);
    }
    const realised = await realisedOf(this.ctx.db, follow.id);
    const shared = BigInt(follow.shared_minor);
    return success({
      follow_id: follow.id, trader_user_id: traderId, open_copies: live.length, unrealised_pnl: money(unrealised), realised_pnl: money(realised),
      profit_share_if_kept: money(profitShareDue(realised, follow.profit_share_ppm, shared)),
      profit_share_if_closed: money(profitShareDue(realised + unrealised, follow.profit_share_ppm, shared)),
    });
  }

  /**
   * Stops following. `closeNow` closes the open copies at their marks (one journal each); otherwise
   * they stay open as self-held. Either way the profit share due on what is realised is settled now.
   */
  async cancel(call: IdempotentCall, traderId: number, closeNow: boolean): Promise<Outcome<CancelResult>> {
    const params = await this.contracts.directory.params();
    const outcome = await this.idempotency.run(call, async (trx) => {
      const follow = await this.activeFollow(trx, call.userId, traderId);
      if (!follow) return failure('COPYTRADE.NOT_FOLLOWING', 'follow_user_id');
      const live = await this.liveCopies(trx, follow.id);
      let closed = 0;
      let kept = 0;
      for (const row of live) {
        const mark = closeNow ? this.contracts.reads.marks(row.symbol) : null;
        if (mark !== null) {
          const done = await this.contracts.settlement.close(trx, row.id, mark, 'manual', call.userId, this.contracts.reads.marks, params.overnightMinuteUtc);
          if (done.ok) { closed += 1; continue; }
        }
        await db(trx).updateTable('copy_positions').set({ self_held: 1 }).where('position_id', '=', row.id).execute();
        kept += 1;
      }
      const now = this.ctx.clock.now().toISOString();
      await db(trx).updateTable('copy_follows').set({ state: 'cancelled', ended_at: now, updated_at: now }).where('id', '=', follow.id).execute();
      const paid = await settleShare(this.ctx, trx, this.ledger, follow.id, true);
      const row = await db(trx).selectFrom('copy_follows').selectAll().where('id', '=', follow.id).executeTakeFirstOrThrow();
      return success({ follow: await this.views.follow(trx, row), closed, kept, profit_share_paid: money(paid) });
    });
    if (outcome.ok) this.contracts.events.touched(call.userId);
    return outcome;
  }

  /** Detaches one of the caller's copies: it stays open and the trader's later actions no longer touch it. */
  async selfHold(call: IdempotentCall, positionId: number): Promise<Outcome<CopyPosition>> {
    return this.idempotency.run(call, async (trx) => {
      const copy = await db(trx).selectFrom('copy_positions').selectAll().where('position_id', '=', positionId).where('follower_id', '=', call.userId).executeTakeFirst();
      if (!copy) {
        const own = await trx.selectFrom('futures_positions').select('id').where('id', '=', positionId).where('user_id', '=', call.userId).executeTakeFirst();
        return failure(own ? 'COPYTRADE.NOT_A_COPY' : 'COMMON.NOT_FOUND', 'transaction_id');
      }
      if (copy.self_held === 1) return failure('COPYTRADE.ALREADY_SELF_HELD', 'transaction_id');
      const row = await trx.selectFrom('futures_positions').select('state').where('id', '=', positionId).executeTakeFirstOrThrow();
      if (row.state !== 'open') return failure('CONTRACT.POSITION_NOT_OPEN', 'transaction_id');
      await db(trx).updateTable('copy_positions').set({ self_held: 1 }).where('position_id', '=', positionId).execute();
      // The follow may have no copy left open: what it realised is settled as at a last close.
      await this.dueWork.schedule(trx, { ...shareDue(copy.follow_id, positionId, this.ctx.clock.now()), key: `follow:${copy.follow_id}:self:${positionId}` });
      const view = await this.views.copy(trx, call.userId, positionId);
      return view ? success(view) : failure('COMMON.NOT_FOUND', 'transaction_id');
    });
  }
}
