import type { Kysely } from 'kysely';
import type { DualProduct } from '../../../contract/api/dual.ts';
import type { EarnDirection, EarnPreview, InvestProduct } from '../../../contract/api/invest.ts';
import type { Page } from '../../../contract/envelope.ts';
import type { Database } from '../../db/schema.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import { fixingTime, parseDualAmount, parseShares } from './rules.ts';
import type { EarnTables } from './schema.ts';
import {
  coinOf, dualDeposit, dualProductView, investProductView, previewOf, termsOf,
  type CoinsById, type DualProductRow, type InvestProductRow,
} from './earn-views.ts';

export type EarnDb = Kysely<Database & EarnTables>;
export const earnDb = (db: Kysely<Database>): EarnDb => db.withTables<EarnTables>();

/** Currencies by id, read once per call (a handful of rows). */
export async function loadCoins(db: Kysely<Database>): Promise<CoinsById> {
  const rows = await db.selectFrom('currencies').select(['id', 'symbol', 'decimals']).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** A product with the purchase it would make: the number asked for, checked, and its terms. */
export interface PricedPurchase {
  principalMinor: bigint;
  shares: number | null;
  preview: EarnPreview;
}

/** The products' reads and the checks and preview a purchase shares with its confirm screen. */
export class EarnProducts {
  constructor(private readonly ctx: ServiceContext) {}

  private get db(): EarnDb {
    return earnDb(this.ctx.db);
  }

  async investList(coin: string | undefined, paging: Paging): Promise<Outcome<Page<InvestProduct>>> {
    const coins = await loadCoins(this.ctx.db);
    const coinId = coin ? [...coins.values()].find((c) => c.symbol === coin.trim().toUpperCase())?.id : undefined;
    if (coin && coinId === undefined) return success({ data: [], page: paging.page, limit: paging.limit, total: 0 });
    let query = this.db.selectFrom('invest_products').where('state', '=', 'open');
    if (coinId !== undefined) query = query.where('coin_id', '=', coinId);
    const total = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('sort').orderBy('id').limit(paging.limit).offset(paging.offset).execute();
    const now = this.ctx.clock.now();
    return success({ data: rows.map((r) => investProductView(r, coins, now)), page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) });
  }

  async investRow(id: number, db: EarnDb = this.db): Promise<InvestProductRow | undefined> {
    return db.selectFrom('invest_products').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async investDetail(id: number): Promise<Outcome<InvestProduct>> {
    const row = await this.investRow(id);
    return row ? success(investProductView(row, await loadCoins(this.ctx.db), this.ctx.clock.now())) : failure('COMMON.NOT_FOUND', 'id');
  }

  /** Checks a share count against the product and prices it with the settlement's own rule. */
  priceInvest(row: InvestProductRow, coins: CoinsById, num: string | undefined, now: Date): Outcome<PricedPurchase> {
    if (row.state !== 'open') return failure('INVEST.PRODUCT_CLOSED', 'id');
    const shares = parseShares(num, row.min_shares, row.remaining_shares);
    if (!shares.ok) return shares;
    const coin = coinOf(coins, row.coin_id);
    const principalMinor = BigInt(row.share_price_minor) * BigInt(shares.value);
    const terms = termsOf('sell_high', principalMinor, BigInt(row.linked_price_ticks), row.rate_ppm, row.days, coin, coinOf(coins, row.quote_id));
    return success({ principalMinor, shares: shares.value, preview: previewOf('invest', terms, coin, coinOf(coins, row.quote_id), row.symbol, fixingTime(now, row.days), shares.value) });
  }

  async investPreview(id: number, num: string | undefined): Promise<Outcome<EarnPreview>> {
    const row = await this.investRow(id);
    if (!row) return failure('COMMON.NOT_FOUND', 'id');
    const priced = this.priceInvest(row, await loadCoins(this.ctx.db), num, this.ctx.clock.now());
    return priced.ok ? success(priced.value.preview) : priced;
  }

  async dualList(currencyId: number | undefined, direction: EarnDirection | undefined, paging: Paging): Promise<Outcome<Page<DualProduct>>> {
    let query = this.db.selectFrom('dual_products').where('state', '=', 'open');
    if (currencyId !== undefined) query = query.where('coin_id', '=', currencyId);
    if (direction !== undefined) query = query.where('direction', '=', direction);
    const total = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('sort').orderBy('id').limit(paging.limit).offset(paging.offset).execute();
    const coins = await loadCoins(this.ctx.db);
    const now = this.ctx.clock.now();
    return success({ data: rows.map((r) => dualProductView(r, coins, now)), page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) });
  }

  async dualRow(id: number, db: EarnDb = this.db): Promise<DualProductRow | undefined> {
    return db.selectFrom('dual_products').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async dualDetail(id: number): Promise<Outcome<DualProduct>> {
    const row = await this.dualRow(id);
    return row ? success(dualProductView(row, await loadCoins(this.ctx.db), this.ctx.clock.now())) : failure('COMMON.NOT_FOUND', 'id');
  }

  priceDual(row: DualProductRow, coins: CoinsById, num: string | undefined, now: Date): Outcome<PricedPurchase> {
    if (row.state !== 'open') return failure('DUAL.PRODUCT_CLOSED', 'id');
    const deposit = coinOf(coins, dualDeposit(row));
    const amount = parseDualAmount(num, deposit.decimals, BigInt(row.min_minor), BigInt(row.remaining_minor));
    if (!amount.ok) return amount;
    const direction: EarnDirection = row.direction === 'buy_low' ? 'buy_low' : 'sell_high';
    const coin = coinOf(coins, row.coin_id);
    const quote = coinOf(coins, row.quote_id);
    const terms = termsOf(direction, amount.value, BigInt(row.target_ticks), row.rate_ppm, row.days, coin, quote);
    return success({ principalMinor: amount.value, shares: null, preview: previewOf('dual', terms, coin, quote, row.symbol, fixingTime(now, row.days), null) });
  }

  async dualPreview(id: number, num: string | undefined): Promise<Outcome<EarnPreview>> {
    const row = await this.dualRow(id);
    if (!row) return failure('COMMON.NOT_FOUND', 'id');
    const priced = this.priceDual(row, await loadCoins(this.ctx.db), num, this.ctx.clock.now());
    return priced.ok ? success(priced.value.preview) : priced;
  }
}
