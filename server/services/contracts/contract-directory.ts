import type { LeverAccount } from '../../../contract/api/contracts.ts';
import type { MarketCategory } from '../../../contract/api/market.ts';
import { DEFAULT_PARAMS, mergeTerms, suggestedLotScaled, type ContractParams, type FuturesTerms, type TermsRow } from '../../domain/futures-settings.ts';
import { priceTextToTicks, tickSizeTicks } from '../../domain/futures-prices.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';
import type { MarkPriceSource } from './mark-price-source.ts';

/** A symbol as contracts see it: the spot pair (market_symbols) with its futures terms. */
export interface ContractSymbol {
  id: number;
  symbol: string;
  base: string;
  quote: string;
  /** Base currency id (the spec's currency_id) and quote id (legal_id, the margin currency). */
  currencyId: number;
  legalId: number;
  category: MarketCategory;
  /** Coins trade from the lever account, stocks from the stock account. */
  account: LeverAccount;
  tickSize: string;
  tickTicks: bigint;
  quoteDecimals: number;
  terms: FuturesTerms;
}

export type SymbolRef = { symbol: string } | { id: number } | { currencyId: number; legalId: number };

const accountOf = (category: MarketCategory): LeverAccount => (category === 'stock' ? 'stock' : 'lever');

/**
 * Reads the symbols futures and options trade (the spot pairs of market_symbols, status 1), their
 * futures terms (contract_settings: symbol row over category row over the code's defaults) and the
 * global parameters (contract_params). Read from the database on every call, so operator changes
 * apply at once. A coin symbol without a lot size gets one on first use, from the mark at that moment
 * (one lot worth 10-100 USDT), stored so it never changes under open positions.
 */
export class ContractDirectory {
  constructor(private readonly ctx: ServiceContext, private readonly marks: MarkPriceSource) {}

  async params(db: Tx = this.ctx.db): Promise<ContractParams> {
    const rows = await db.selectFrom('contract_params').select(['name', 'value']).execute();
    const value = (name: string) => rows.find((r) => r.name === name)?.value;
    const int = (name: string, fallback: number, min: number, max: number) => {
      const raw = value(name);
      const n = raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
      return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
    };
    const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value('overnight_time') ?? '');
    return {
      liquidationRatePpm: int('liquidation_rate_ppm', DEFAULT_PARAMS.liquidationRatePpm, 1, 10_000_000),
      overnightMinuteUtc: time ? Number(time[1]) * 60 + Number(time[2]) : DEFAULT_PARAMS.overnightMinuteUtc,
      maxOpenPositions: int('max_open_positions', DEFAULT_PARAMS.maxOpenPositions, 1, 100_000),
      maxOpenOptions: int('max_open_options', DEFAULT_PARAMS.maxOpenOptions, 1, 100_000),
    };
  }

  /** A tradable symbol, or CONTRACT.SYMBOL_UNAVAILABLE on `field`. */
  async find(ref: SymbolRef, field = 'symbol', db: Tx = this.ctx.db): Promise<Outcome<ContractSymbol>> {
    let query = db.selectFrom('market_symbols as s')
      .innerJoin('currencies as b', 'b.id', 's.base_currency_id')
      .innerJoin('currencies as q', 'q.id', 's.quote_currency_id')
      .select(['s.id', 's.symbol', 's.category', 's.tick_size', 's.status', 's.base_currency_id', 's.quote_currency_id', 'b.symbol as base', 'q.symbol as quote', 'q.decimals as quote_decimals']);
    if ('symbol' in ref) query = query.where('s.symbol', '=', ref.symbol.trim().toUpperCase());
    else if ('id' in ref) query = query.where('s.id', '=', ref.id);
    else query = query.where('s.base_currency_id', '=', ref.currencyId).where('s.quote_currency_id', '=', ref.legalId);
    const row = await query.executeTakeFirst();
    if (!row || row.status !== 1) return failure('CONTRACT.SYMBOL_UNAVAILABLE', field);
    const category: MarketCategory = row.category === 'stock' ? 'stock' : 'coin';
    const terms = await this.terms(row.symbol, category, db);
    if (!terms.enabled) return failure('CONTRACT.SYMBOL_UNAVAILABLE', field);
    const tickTicks = tickSizeTicks(row.tick_size);
    return success({
      id: row.id, symbol: row.symbol, base: row.base, quote: row.quote, currencyId: row.base_currency_id, legalId: row.quote_currency_id,
      category, account: accountOf(category), tickSize: minorToDecimal(tickTicks, 8), tickTicks, quoteDecimals: row.quote_decimals, terms,
    });
  }

  /** Every tradable symbol name (for the trigger loop's mark subscriptions and ops). */
  async symbols(db: Tx = this.ctx.db): Promise<string[]> {
    const rows = await db.selectFrom('market_symbols').select('symbol').where('status', '=', 1).orderBy('sort').orderBy('id').execute();
    return rows.map((r) => r.symbol);
  }

  private async terms(symbol: string, category: MarketCategory, db: Tx): Promise<FuturesTerms> {
    const rows = await db.selectFrom('contract_settings').selectAll().where('key', 'in', [category, symbol]).execute();
    const categoryRow: TermsRow | undefined = rows.find((r) => r.key === category);
    let symbolRow: TermsRow | undefined = rows.find((r) => r.key === symbol);
    if (category === 'coin' && !symbolRow?.lot_size && !categoryRow?.lot_size) {
      const lot = await this.seedLotSize(symbol, db);
      if (lot) symbolRow = { ...(symbolRow ?? { multiples: null, min_lots: null, max_lots: null, fee_rate_ppm: null, overnight_rate_ppm: null, enabled: null }), lot_size: lot };
    }
    return mergeTerms(category, categoryRow, symbolRow);
  }

  private async seedLotSize(symbol: string, db: Tx): Promise<string | null> {
    const mark = this.marks.get(symbol);
    const ticks = mark ? priceTextToTicks(mark.price) : null;
    if (ticks === null) return null;
    const lot = minorToDecimal(suggestedLotScaled(ticks), 8);
    const now = this.ctx.clock.now().toISOString();
    await db.insertInto('contract_settings')
      .values({ key: symbol, multiples: null, lot_size: lot, min_lots: null, max_lots: null, fee_rate_ppm: null, overnight_rate_ppm: null, enabled: null, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ lot_size: lot, updated_at: now }).where('contract_settings.lot_size', 'is', null))
      .execute();
    const stored = await db.selectFrom('contract_settings').select('lot_size').where('key', '=', symbol).executeTakeFirst();
    return stored?.lot_size ?? lot;
  }
}
