import type { LockCategory, LockOrder, LockOrderStatus, LockPreview, LockProduct, RedeemPreview } from '../../../contract/api/lockming.ts';
import type { Page } from '../../../contract/envelope.ts';
import { ppmToText } from '../../domain/futures-prices.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { DueWork } from '../../services/due-work/due-work.ts';
import type { IdempotencyService, IdempotentCall } from '../../services/ledger/idempotency-service.ts';
import type { LedgerService } from '../../services/ledger/ledger-service.ts';
import { iso, type ServiceContext } from '../../services/service-context.ts';
import type { Tx } from '../../services/write-transaction.ts';
import { dividendDue } from './dividend-step.ts';
import { LOCK_ACCOUNT, LOCK_KINDS, LOCK_REF, lockPostings } from './journals.ts';
import { orderView, productView, termsOf, type CoinOf, type OrderRow, type ProductRow } from './lock-views.ts';
import { endOrder } from './order-end.ts';
import { lockOutlook, lockRefusal, pastExpiry, redeemQuote, type LockTerms } from './rules.ts';
import type { LockTables } from './schema.ts';

/** A product with its coin: what a route needs to read an amount (its decimals) before the rules. */
export interface ProductCoin {
  product: ProductRow;
  coin: CoinOf & { id: number };
}

/**
 * Lock mining for users: the products, a lock's preview and the lock (principal frozen in the mining
 * account and its first dividend scheduled as due work, in one transaction; each dividend schedules
 * the next and the last one the maturity: dividends.ts), the orders, and early redemption with its
 * preview. Every order is read with the caller's uid: another user's id is not found.
 */
export class LockService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly dueWork: DueWork,
  ) {}

  private tables(trx: Tx = this.ctx.db) {
    return trx.withTables<LockTables>();
  }

  private nowMs(): number {
    return this.ctx.clock.now().getTime();
  }

  private async coins(ids: readonly number[], trx: Tx = this.ctx.db): Promise<Map<number, CoinOf>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await trx.selectFrom('currencies').select(['id', 'symbol', 'decimals']).where('id', 'in', unique).execute();
    return new Map(rows.map((r) => [r.id, { symbol: r.symbol, decimals: r.decimals }]));
  }

  private async available(userId: number, currencyId: number, trx: Tx = this.ctx.db): Promise<bigint> {
    const row = await trx.selectFrom('ledger_accounts').select('available_minor')
      .where('user_id', '=', userId).where('name', '=', LOCK_ACCOUNT).where('currency_id', '=', currencyId).executeTakeFirst();
    return BigInt(row?.available_minor ?? '0');
  }

  /**
   * The products of a category (or all) that can be bought or are paused, by sort; with `id`, that
   * one product whatever its state (a buy screen opened on an ended product says so).
   */
  async products(category: LockCategory | undefined, id: number | undefined, userId: number | null): Promise<Outcome<LockProduct[]>> {
    let query = this.tables().selectFrom('lockming_products').selectAll();
    if (category) query = query.where('category', '=', category);
    if (id !== undefined) query = query.where('id', '=', id);
    else query = query.where('status', '!=', 'ended');
    const now = this.nowMs();
    const rows = (await query.orderBy('sort').orderBy('id').execute()).filter((r) => id !== undefined || !pastExpiry(r.expiry_date, now));
    if (id !== undefined && rows.length === 0) return failure('LOCKMING.PRODUCT_NOT_FOUND', 'id');
    const coins = await this.coins(rows.map((r) => r.currency_id));
    const balances = new Map<number, bigint>();
    if (userId !== null) {
      const held = await this.ctx.db.selectFrom('ledger_accounts').select(['currency_id', 'available_minor']).where('user_id', '=', userId).where('name', '=', LOCK_ACCOUNT).execute();
      for (const b of held) balances.set(b.currency_id, BigInt(b.available_minor));
    }
    return success(rows.flatMap((r) => {
      const coin = coins.get(r.currency_id);
      return coin ? [productView(r, coin, userId === null ? null : (balances.get(r.currency_id) ?? 0n), now)] : [];
    }));
  }

  /** The product `id` with its coin, any state; LOCKMING.PRODUCT_NOT_FOUND on config_id otherwise. */
  async productCoin(id: number): Promise<Outcome<ProductCoin>> {
    const product = await this.tables().selectFrom('lockming_products').selectAll().where('id', '=', id).executeTakeFirst();
    const coin = product && (await this.coins([product.currency_id])).get(product.currency_id);
    return product && coin ? success({ product, coin: { ...coin, id: product.currency_id } }) : failure('LOCKMING.PRODUCT_NOT_FOUND', 'config_id');
  }

  /** What locking `amountMinor` now would bring; refused for the same reasons the lock is. */
  async preview(userId: number, { product, coin }: ProductCoin, amountMinor: bigint): Promise<Outcome<LockPreview>> {
    const now = this.nowMs();
    const available = await this.available(userId, product.currency_id);
    const refused = lockRefusal(rulesOf(product), amountMinor, available, now);
    if (refused) return failure(refused, 'amount');
    const outlook = lockOutlook({ ...termsFrom(product, amountMinor, now) });
    const amount = (minor: bigint) => minorToDecimal(minor, coin.decimals);
    return success({
      config_id: product.id,
      currency: coin.symbol,
      amount: amount(amountMinor),
      daily_dividend: amount(outlook.dailyDividendMinor),
      first_dividend_at: new Date(outlook.firstDividendAtMs).toISOString(),
      matures_at: new Date(outlook.maturesAtMs).toISOString(),
      total_dividends: amount(outlook.totalDividendsMinor),
      total_at_maturity: amount(amountMinor + outlook.totalDividendsMinor),
      available: amount(available),
    });
  }

  /** Locks `amountMinor` of the user's mining account into the product; idempotency key required. */
  async lock(call: IdempotentCall, productId: number, amountMinor: bigint): Promise<Outcome<LockOrder>> {
    const replay = await this.idempotency.replay<LockOrder>(call);
    if (replay) return replay;
    return this.idempotency.run(call, async (trx) => {
      const db = this.tables(trx);
      const product = await db.selectFrom('lockming_products').selectAll().where('id', '=', productId).executeTakeFirst();
      if (!product) return failure('LOCKMING.PRODUCT_NOT_FOUND', 'config_id');
      const now = this.ctx.clock.now();
      const refused = lockRefusal(rulesOf(product), amountMinor, await this.available(call.userId, product.currency_id, trx), now.getTime());
      if (refused) return failure(refused, 'amount');
      const terms = termsFrom(product, amountMinor, now.getTime());
      const outlook = lockOutlook(terms);
      const row = await db.insertInto('lockming_orders').values({
        user_id: call.userId, product_id: product.id, category: product.category, currency_id: product.currency_id,
        principal_minor: amountMinor.toString(), daily_yield_ppm: product.daily_yield_ppm, lock_days: product.lock_days,
        dividend_minute: product.dividend_minute, penalty_rate_ppm: product.penalty_rate_ppm, state: 'locked', days_paid: 0,
        dividends_minor: '0', penalty_minor: null, returned_minor: null, created_at: iso(now), matures_at: new Date(outlook.maturesAtMs).toISOString(), ended_at: null,
      }).returning('id').executeTakeFirstOrThrow();
      const journal = await this.ledger.book(trx, {
        kind: LOCK_KINDS.lock, userId: call.userId, refType: LOCK_REF, refId: row.id, reversesJournalId: null,
        postings: lockPostings(call.userId, product.currency_id, amountMinor),
      });
      if (!journal.ok) return failure('LOCKMING.INSUFFICIENT_BALANCE', 'amount');
      await this.dueWork.schedule(trx, dividendDue(row.id, terms, 1));
      return success(await this.view(trx, row.id));
    });
  }

  async orders(userId: number, status: LockOrderStatus, paging: Paging): Promise<Outcome<Page<LockOrder>>> {
    const states = status === 'in_progress' ? ['locked'] : ['matured', 'redeemed'];
    const query = this.tables().selectFrom('lockming_orders').where('user_id', '=', userId).where('state', 'in', states);
    const total = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const coins = await this.coins(rows.map((r) => r.currency_id));
    const now = this.nowMs();
    const data = rows.map((r) => orderView(r, coins.get(r.currency_id) ?? { symbol: '', decimals: 0 }, now));
    return success({ data, page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) });
  }

  /** What redeeming the order now would keep and return: the redemption computes it the same way. */
  async redeemPreview(userId: number, id: number): Promise<Outcome<RedeemPreview>> {
    const row = await this.own(userId, id);
    if (!row) return failure('COMMON.NOT_FOUND', 'id');
    if (row.state !== 'locked') return failure('LOCKMING.ALREADY_REDEEMED', 'id');
    const coin = (await this.coins([row.currency_id])).get(row.currency_id) ?? { symbol: '', decimals: 0 };
    const quote = redeemQuote(termsOf(row), this.nowMs());
    const amount = (minor: bigint) => minorToDecimal(minor, coin.decimals);
    return success({
      id: row.id, currency: coin.symbol, amount: amount(BigInt(row.principal_minor)), penalty_rate: ppmToText(row.penalty_rate_ppm),
      remaining_days: quote.remainingDays, penalty: amount(quote.penaltyMinor), returned: amount(quote.returnedMinor), dividends: amount(BigInt(row.dividends_minor)),
    });
  }

  /**
   * Early redemption: principal back less the penalty (to the house), dividends received kept. Once
   * no dividend time is ahead it is the maturity, without a penalty. An ended order changes nothing.
   */
  async redeem(call: IdempotentCall, id: number): Promise<Outcome<LockOrder>> {
    const replay = await this.idempotency.replay<LockOrder>(call);
    if (replay) return replay;
    return this.idempotency.run(call, async (trx) => {
      const row = await this.own(call.userId, id, trx);
      if (!row) return failure('COMMON.NOT_FOUND', 'id');
      if (row.state !== 'locked') return failure('LOCKMING.ALREADY_REDEEMED', 'id');
      const ended = await endOrder(trx, this.ledger, row, redeemQuote(termsOf(row), this.nowMs()), this.ctx.clock.now());
      if (!ended) return failure('LOCKMING.ALREADY_REDEEMED', 'id');
      return success(await this.view(trx, row.id));
    });
  }

  private own(userId: number, id: number, trx: Tx = this.ctx.db): Promise<OrderRow | undefined> {
    return this.tables(trx).selectFrom('lockming_orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  private async view(trx: Tx, id: number): Promise<LockOrder> {
    const row = await this.tables(trx).selectFrom('lockming_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const coin = (await this.coins([row.currency_id], trx)).get(row.currency_id) ?? { symbol: '', decimals: 0 };
    return orderView(row, coin, this.nowMs());
  }
}

const rulesOf = (p: ProductRow) => ({
  status: p.status, expiryDate: p.expiry_date, minMinor: BigInt(p.min_amount_minor), maxMinor: p.max_amount_minor === null ? null : BigInt(p.max_amount_minor),
});

const termsFrom = (p: ProductRow, principalMinor: bigint, lockedAtMs: number): LockTerms => ({
  principalMinor, dailyYieldPpm: p.daily_yield_ppm, lockDays: p.lock_days, dividendMinute: p.dividend_minute, penaltyRatePpm: p.penalty_rate_ppm, lockedAtMs,
});
