import { sql } from 'kysely';
import type { EarnOrder, EarnProductKind } from '../../../contract/api/invest.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { DueWork } from '../../services/due-work/due-work.ts';
import type { IdempotencyService, IdempotentCall } from '../../services/ledger/idempotency-service.ts';
import type { LedgerService } from '../../services/ledger/ledger-service.ts';
import { iso, type ServiceContext } from '../../services/service-context.ts';
import type { Tx } from '../../services/write-transaction.ts';
import { earnDb, loadCoins, type EarnProducts, type PricedPurchase } from './earn-products.ts';
import { earnSettleDue } from './earn-due.ts';
import { dualName, orderView, type CoinsById, type EarnOrderRow } from './earn-views.ts';
import { EARN_KINDS, purchasePostings } from './rules.ts';
import { minorSql } from './minor-sql.ts';

/** What a purchase names: the product, and the count (shares) or amount (dual) as typed. */
export interface PurchaseForm {
  productId: number;
  num: string | undefined;
}

/**
 * Buying an earn product: the quota taken with a conditional write (never oversold), the order
 * written with its terms copied, the deposit frozen in the finance account (one journal) and its
 * settlement scheduled at its fixing time, all in one transaction claimed by the idempotency key.
 */
export class EarnPurchase {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly products: EarnProducts,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly dueWork: DueWork,
  ) {}

  async buy(product: EarnProductKind, call: IdempotentCall, form: PurchaseForm): Promise<Outcome<EarnOrder>> {
    const replay = await this.idempotency.replay<EarnOrder>(call);
    if (replay) return replay;
    const coins = await loadCoins(this.ctx.db);
    return this.idempotency.run(call, (trx) => this.buyIn(trx, product, call.userId, form, coins));
  }

  /** The purchase inside a caller's write transaction (the bench buys many in one). */
  async buyIn(trx: Tx, product: EarnProductKind, userId: number, form: PurchaseForm, coins: CoinsById): Promise<Outcome<EarnOrder>> {
    const db = earnDb(trx);
    const now = this.ctx.clock.now();
    let priced: Outcome<PricedPurchase>;
    let taken: bigint;
    let row: { coin_id: number; quote_id: number; symbol: string; rate_ppm: number; days: number; strike: string; direction: string; deposit: number; name: string };
    if (product === 'invest') {
      const p = await this.products.investRow(form.productId, db);
      if (!p) return failure('COMMON.NOT_FOUND', 'id');
      priced = this.products.priceInvest(p, coins, form.num, now);
      if (!priced.ok) return priced;
      const shares = priced.value.shares ?? 0;
      const result = await db.updateTable('invest_products').set((eb) => ({ remaining_shares: eb('remaining_shares', '-', shares) }))
        .where('id', '=', p.id).where('state', '=', 'open').where('remaining_shares', '>=', shares).executeTakeFirst();
      taken = result.numUpdatedRows ?? 0n;
      row = { coin_id: p.coin_id, quote_id: p.quote_id, symbol: p.symbol, rate_ppm: p.rate_ppm, days: p.days, strike: p.linked_price_ticks, direction: 'sell_high', deposit: p.coin_id, name: p.name };
    } else {
      const p = await this.products.dualRow(form.productId, db);
      if (!p) return failure('COMMON.NOT_FOUND', 'id');
      priced = this.products.priceDual(p, coins, form.num, now);
      if (!priced.ok) return priced;
      const amount = minorSql(priced.value.principalMinor);
      const result = await db.updateTable('dual_products').set({ remaining_minor: sql<number>`remaining_minor - ${amount}` })
        .where('id', '=', p.id).where('state', '=', 'open').where(sql<boolean>`remaining_minor >= ${amount}`).executeTakeFirst();
      taken = result.numUpdatedRows ?? 0n;
      const deposit = p.direction === 'sell_high' ? p.coin_id : p.quote_id;
      row = { coin_id: p.coin_id, quote_id: p.quote_id, symbol: p.symbol, rate_ppm: p.rate_ppm, days: p.days, strike: p.target_ticks, direction: p.direction, deposit, name: '' };
    }
    if (taken !== 1n) return failure(product === 'invest' ? 'INVEST.SHARES_UNAVAILABLE' : 'DUAL.QUOTA_EXCEEDED', 'num');
    const fixingAt = new Date(priced.value.preview.fixing.at);
    const inserted = await db.insertInto('earn_orders').values({
      user_id: userId, product, product_id: form.productId, direction: row.direction, coin_id: row.coin_id, quote_id: row.quote_id, symbol: row.symbol,
      shares: priced.value.shares, principal_currency_id: row.deposit, principal_minor: priced.value.principalMinor.toString(), strike_ticks: row.strike,
      rate_ppm: row.rate_ppm, days: row.days, state: 'purchased', created_at: iso(now), fixing_at: iso(fixingAt),
      settle_price_ticks: null, payout_currency_id: null, payout_minor: null, interest_minor: null, settled_at: null, last_error: null,
    }).returning('id').executeTakeFirstOrThrow();
    const kind = product === 'invest' ? EARN_KINDS.investBuy : EARN_KINDS.dualBuy;
    const journal = await this.ledger.book(trx, {
      kind, userId, refType: 'earn_order', refId: inserted.id, reversesJournalId: null,
      postings: purchasePostings(userId, row.deposit, priced.value.principalMinor, kind),
    });
    if (!journal.ok) return { ...journal, field: 'num' };
    await this.dueWork.schedule(trx, earnSettleDue(inserted.id, fixingAt));
    const stored: EarnOrderRow = await db.selectFrom('earn_orders').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
    const view = orderView(stored, coins, row.name);
    return success(product === 'dual' ? { ...view, name: dualName(view.coin, view.quote, view.direction, view.strike_price) } : view);
  }
}
