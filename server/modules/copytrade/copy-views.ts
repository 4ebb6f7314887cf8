import { sql, type Selectable } from 'kysely';
import type {
  CopyAction, CopyEvent, CopyMode, CopyPosition, CopySkipReason, FigureWindow, MyFollow, PnlPoint, TraderDetail, TraderFigures, TraderRow, TraderSort, TraderTrade,
} from '../../../contract/api/copytrade.ts';
import type { Page } from '../../../contract/envelope.ts';
import { pnlMinor, quantityScaled } from '../../domain/futures-math.ts';
import { ticksToText } from '../../domain/futures-prices.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { Contracts } from '../../services/contracts/contracts-module.ts';
import { isCloseReason, type PositionRow } from '../../services/contracts/position-rows.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import type { Tx } from '../../services/write-transaction.ts';
import { FIGURE_DAYS, ownClosedTrades } from './figures.ts';
import { numberText, ppmFraction, profitShareDue } from './rules.ts';
import type { CopyFollowsTable, CopyTables } from './schema.ts';
import { realisedOf, tradeNetMinor } from './shares.ts';

export const USDT_DECIMALS = 6;
const money = (minor: bigint) => minorToDecimal(minor, USDT_DECIMALS);
const DAY_MS = 86_400_000;
type FollowRow = Selectable<CopyFollowsTable>;
const db = (trx: Tx) => trx.withTables<CopyTables>();
const side = (text: string) => (text === 'short' ? 'short' as const : 'long' as const);

/** Which of a follower's copies a read wants. */
interface CopyFilter {
  positionId?: number;
  status?: 'open' | 'closed';
  traderId?: number;
}

/** Reads of copy trading for its screens: the ranking, a trader's page and history, the caller's follows, copies and copy history. */
export class CopyViews {
  constructor(private readonly ctx: ServiceContext, private readonly contracts: Contracts) {}

  private unrealised(row: PositionRow): bigint {
    const mark = this.contracts.reads.marks(row.symbol);
    if (mark === null || row.open_price_ticks === null || row.state !== 'open') return 0n;
    return pnlMinor(side(row.side), BigInt(row.open_price_ticks), mark, quantityScaled(row.lots, BigInt(row.lot_size_scaled)), USDT_DECIMALS);
  }

  /** One page of the ranking, ordered and paged in SQL: a request reads its page, however many traders there are. */
  async traders(userId: number | null, sort: TraderSort, days: FigureWindow, paging: Paging): Promise<Outcome<Page<TraderRow>>> {
    const followers = db(this.ctx.db).selectFrom('copy_follows').select(['trader_user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', '=', 'active').groupBy('trader_user_id').as('c');
    const key = sort === 'followers' ? sql`coalesce(c.n, 0)`
      : sort === 'profit' ? sql`cast(coalesce(f.profit_minor, '0') as numeric)` : sql`coalesce(${sql.ref(sort === 'yield' ? 'f.yield_ppm' : 'f.accuracy_ppm')}, 0)`;
    const page = await db(this.ctx.db).selectFrom('copy_traders as t')
      .leftJoin('copy_trader_figures as f', (join) => join.onRef('f.trader_user_id', '=', 't.user_id').on('f.days', '=', days))
      .leftJoin(followers, 'c.trader_user_id', 't.user_id')
      .select('t.user_id').where('t.state', '=', 'approved').orderBy(key, 'desc').orderBy('t.user_id').limit(paging.limit).offset(paging.offset).execute();
    const total = await db(this.ctx.db).selectFrom('copy_traders').select((eb) => eb.fn.countAll<string | number>().as('n')).where('state', '=', 'approved').executeTakeFirst();
    const rows = await this.traderRows(userId, page.map((r) => r.user_id));
    const order = new Map(page.map((r, i) => [r.user_id, i]));
    rows.sort((a, b) => (order.get(a.trader_user_id) ?? 0) - (order.get(b.trader_user_id) ?? 0));
    return success({ data: rows, page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) });
  }

  /** The approved traders among `ids`, with their figures, followers and AUM. */
  async traderRows(userId: number | null, ids: readonly number[]): Promise<TraderRow[]> {
    if (ids.length === 0) return [];
    const traders = await db(this.ctx.db).selectFrom('copy_traders as t').innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.user_id', 't.profit_share_ppm', 't.max_followers', 't.bot', 't.decided_at', 't.applied_at', 'u.nickname', 'u.avatar'])
      .where('t.state', '=', 'approved').where('t.user_id', 'in', ids).execute();
    if (traders.length === 0) return [];
    const figures = await db(this.ctx.db).selectFrom('copy_trader_figures').selectAll().where('trader_user_id', 'in', ids).execute();
    const follows = await db(this.ctx.db).selectFrom('copy_follows').select(['trader_user_id', 'follower_id', 'budget_minor']).where('trader_user_id', 'in', ids).where('state', '=', 'active').execute();
    return traders.map((t) => {
      const mine = figures.filter((f) => f.trader_user_id === t.user_id);
      const active = follows.filter((f) => f.trader_user_id === t.user_id);
      const total = mine.find((f) => f.days === 0);
      return {
        trader_user_id: t.user_id, nickname: t.nickname, avatar: t.avatar, profit_share: ppmFraction(t.profit_share_ppm),
        followers: active.length, max_followers: t.max_followers, aum: money(active.reduce((sum, f) => sum + BigInt(f.budget_minor), 0n)),
        total_profit: money(BigInt(total?.profit_minor ?? '0')),
        figures: FIGURE_DAYS.map((days): TraderFigures => {
          const f = mine.find((m) => m.days === days);
          return {
            days, profit: money(BigInt(f?.profit_minor ?? '0')), yield: ppmFraction(f?.yield_ppm ?? 0), accuracy: ppmFraction(f?.accuracy_ppm ?? 0),
            closed_trades: f?.closed_trades ?? 0, winning_trades: f?.winning_trades ?? 0,
          };
        }),
        figures_at: total?.computed_at ?? null, following: userId !== null && active.some((f) => f.follower_id === userId),
        bot: t.bot === 1, trader_since: t.decided_at ?? t.applied_at,
      };
    });
  }

  async detail(userId: number | null, traderId: number, days: FigureWindow): Promise<Outcome<TraderDetail>> {
    const [trader] = await this.traderRows(userId, [traderId]);
    if (!trader) return failure('COPYTRADE.TRADER_NOT_FOUND', 'trader_user_id');
    const now = this.ctx.clock.now().getTime();
    const since = new Date(now - days * DAY_MS);
    const closed = await ownClosedTrades(this.ctx.db, traderId, since);
    const curve: PnlPoint[] = [];
    let cumulative = 0n;
    for (let d = days - 1; d >= 0; d -= 1) {
      const day = new Date(now - d * DAY_MS).toISOString().slice(0, 10);
      for (const row of closed) if ((row.closed_at ?? '').slice(0, 10) === day) cumulative += tradeNetMinor(row);
      curve.push({ day, pnl: money(cumulative) });
    }
    const open = await this.traderTrades(traderId, 'open', { page: 1, limit: 50, offset: 0 });
    const follow = userId === null ? undefined : await db(this.ctx.db).selectFrom('copy_follows').selectAll()
      .where('follower_id', '=', userId).where('trader_user_id', '=', traderId).where('state', '=', 'active').executeTakeFirst();
    return success({
      trader, window: trader.figures.find((f) => f.days === days) ?? trader.figures[1]!, pnl_curve: curve, open_positions: open.data,
      my_follow: follow ? await this.follow(this.ctx.db, follow) : null,
    });
  }

  /** The trader's own positions (never their copies of others), newest first. */
  async traderTrades(traderId: number, status: 'open' | 'closed', paging: Paging): Promise<Page<TraderTrade>> {
    const copies = db(this.ctx.db).selectFrom('copy_positions').select('position_id').where('follower_id', '=', traderId);
    const base = this.ctx.db.selectFrom('futures_positions').where('user_id', '=', traderId).where('state', '=', status).where('id', 'not in', copies);
    const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await base.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const ids = rows.map((r) => r.id);
    const partials = ids.length === 0 ? [] : await db(this.ctx.db).selectFrom('copy_activity').select(['position_id', 'lots']).where('position_id', 'in', ids).where('action', '=', 'partial_close').execute();
    const counts = ids.length === 0 ? [] : await db(this.ctx.db).selectFrom('copy_positions as c').innerJoin('futures_positions as f', 'f.id', 'c.position_id')
      .select(['c.trader_position_id']).where('c.trader_position_id', 'in', ids).where('c.self_held', '=', 0).where('f.state', '=', 'open').execute();
    const data = rows.map((row): TraderTrade => ({
      id: row.id, symbol: row.symbol, type: side(row.side), multiple: row.multiple, lots: row.lots,
      closed_lots: partials.filter((p) => p.position_id === row.id).reduce((sum, p) => sum + p.lots, 0),
      open_price: row.open_price_ticks === null ? null : ticksToText(BigInt(row.open_price_ticks)),
      current_price: this.priceOf(row), target_profit_price: row.tp_ticks === null ? null : ticksToText(BigInt(row.tp_ticks)),
      stop_loss_price: row.sl_ticks === null ? null : ticksToText(BigInt(row.sl_ticks)),
      profit: money(row.state === 'open' ? this.unrealised(row) : BigInt(row.pnl_minor)), state: row.state === 'open' ? 'open' : 'closed',
      close_reason: isCloseReason(row.close_reason) ? row.close_reason : null, open_time: row.opened_at, close_time: row.closed_at,
      copies: counts.filter((c) => c.trader_position_id === row.id).length,
    }));
    return { data, page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) };
  }

  private priceOf(row: PositionRow): string | null {
    if (row.state !== 'open') return row.close_price_ticks === null ? null : ticksToText(BigInt(row.close_price_ticks));
    const mark = this.contracts.reads.marks(row.symbol);
    return mark === null ? null : ticksToText(mark);
  }

  /** One follow as the caller sees it, read through `trx` (inside a write, its own changes). */
  async follow(trx: Tx, f: FollowRow): Promise<MyFollow> {
    const user = await trx.selectFrom('users').select(['nickname', 'avatar']).where('id', '=', f.trader_user_id).executeTakeFirst();
    // Its open copies, and a count of the closed: a long follow's history is not read.
    const attached = db(trx).selectFrom('copy_positions as c').innerJoin('futures_positions as f', 'f.id', 'c.position_id')
      .where('c.follow_id', '=', f.id).where('c.self_held', '=', 0);
    const live = await attached.selectAll('f').where('f.state', '=', 'open').execute();
    const closed = await attached.select((eb) => eb.fn.countAll<string | number>().as('n')).where('f.state', '=', 'closed').executeTakeFirst();
    const realised = await realisedOf(trx, f.id);
    const shared = BigInt(f.shared_minor);
    const skipped = await db(trx).selectFrom('copy_events').select((eb) => eb.fn.countAll<string | number>().as('n')).where('follow_id', '=', f.id).where('outcome', '=', 'skipped').executeTakeFirst();
    const mode: CopyMode = f.mode === 'lots' ? 'lots' : 'multiple';
    return {
      id: f.id, trader_user_id: f.trader_user_id, nickname: user?.nickname ?? '', avatar: user?.avatar ?? '', mode, number: numberText(mode, f.number_units),
      budget: money(BigInt(f.budget_minor)), budget_used: money(live.reduce((sum, c) => sum + BigInt(c.margin_minor), 0n)),
      state: f.state === 'active' ? 'active' : 'cancelled', profit_share: ppmFraction(f.profit_share_ppm),
      realised_pnl: money(realised), unrealised_pnl: money(live.reduce((sum, c) => sum + this.unrealised(c), 0n)),
      profit_share_paid: money(shared), profit_share_pending: money(profitShareDue(realised, f.profit_share_ppm, shared)),
      open_copies: live.length, closed_copies: Number(closed?.n ?? 0), skipped: Number(skipped?.n ?? 0),
      created_at: f.created_at, ended_at: f.ended_at,
    };
  }

  async myFollows(userId: number, status: 'active' | 'history', paging: Paging): Promise<Page<MyFollow>> {
    const base = db(this.ctx.db).selectFrom('copy_follows').where('follower_id', '=', userId).where('state', status === 'active' ? '=' : '!=', 'active');
    const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await base.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const data: MyFollow[] = [];
    for (const row of rows) data.push(await this.follow(this.ctx.db, row));
    return { data, page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) };
  }

  async copy(trx: Tx, userId: number, positionId: number): Promise<CopyPosition | null> {
    const rows = await this.copyRows(trx, userId, { positionId });
    return rows[0] ?? null;
  }

  async copies(userId: number, status: 'open' | 'closed', traderId: number | undefined, paging: Paging): Promise<Page<CopyPosition>> {
    const filter = { status, traderId };
    const total = await this.copyQuery(this.ctx.db, userId, filter).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const data = await this.copyRows(this.ctx.db, userId, filter, paging);
    return { data, page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) };
  }

  private copyQuery(trx: Tx, userId: number, filter: CopyFilter) {
    let query = db(trx).selectFrom('copy_positions as c').innerJoin('futures_positions as f', 'f.id', 'c.position_id').where('c.follower_id', '=', userId);
    if (filter.positionId !== undefined) query = query.where('c.position_id', '=', filter.positionId);
    if (filter.status) query = query.where('f.state', '=', filter.status);
    if (filter.traderId !== undefined) query = query.where('c.trader_user_id', '=', filter.traderId);
    return query;
  }

  private async copyRows(trx: Tx, userId: number, filter: CopyFilter, paging?: Paging): Promise<CopyPosition[]> {
    let query = this.copyQuery(trx, userId, filter).innerJoin('users as u', 'u.id', 'c.trader_user_id')
      .selectAll('f').select(['c.follow_id', 'c.trader_user_id', 'c.trader_position_id', 'c.self_held', 'c.closed_lots', 'u.nickname'])
      .orderBy('c.position_id', 'desc');
    if (paging) query = query.limit(paging.limit).offset(paging.offset);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id, follow_id: row.follow_id, trader_user_id: row.trader_user_id, nickname: row.nickname, trader_position_id: row.trader_position_id,
      symbol: row.symbol, type: side(row.side), multiple: row.multiple, lots: row.lots, closed_lots: row.closed_lots,
      open_price: row.open_price_ticks === null ? null : ticksToText(BigInt(row.open_price_ticks)), current_price: this.priceOf(row),
      target_profit_price: row.tp_ticks === null ? null : ticksToText(BigInt(row.tp_ticks)), stop_loss_price: row.sl_ticks === null ? null : ticksToText(BigInt(row.sl_ticks)),
      margin: money(BigInt(row.margin_minor)), profit: money(row.state === 'open' ? this.unrealised(row) : BigInt(row.pnl_minor)),
      state: row.state === 'open' ? 'open' : 'closed', close_reason: isCloseReason(row.close_reason) ? row.close_reason : null,
      self_held: row.self_held === 1, open_time: row.opened_at, close_time: row.closed_at,
    }));
  }

  async history(userId: number, traderId: number | undefined, paging: Paging): Promise<Page<CopyEvent>> {
    let base = db(this.ctx.db).selectFrom('copy_events as e').where('e.follower_id', '=', userId);
    if (traderId !== undefined) base = base.where('e.trader_user_id', '=', traderId);
    const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await base.innerJoin('users as u', 'u.id', 'e.trader_user_id').selectAll('e').select('u.nickname').orderBy('e.id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const data = rows.map((r): CopyEvent => ({
      id: r.id, follow_id: r.follow_id, trader_user_id: r.trader_user_id, nickname: r.nickname, action: r.action as CopyAction,
      outcome: r.outcome === 'copied' ? 'copied' : 'skipped', skip_reason: r.skip_reason as CopySkipReason | null, symbol: r.symbol, type: side(r.side),
      trader_position_id: r.trader_position_id, position_id: r.position_id, trader_lots: r.trader_lots, lots: r.lots, at: r.at,
    }));
    return { data, page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) };
  }
}
