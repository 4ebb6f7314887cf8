import type { MarketCategory, MarketSymbol } from '../../../contract/api/market.ts';
import { MARKET_CATEGORIES } from '../../../contract/api/market.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import { priceTicks } from '../../domain/reference-prices.ts';
import { marketSymbolOf, symbolRulesOf, ticksFromPrice8, type SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { ServiceContext } from '../service-context.ts';

/** How a request names a pair: "BTC/USDT" (also "BTCUSDT", "btc_usdt", "BTC-USDT"), or base and quote currency ids. */
export interface PairRef {
  symbol?: string | undefined;
  currencyId?: number | undefined;
  legalId?: number | undefined;
}

const SYMBOL_TEXT_MAX = 24;

/**
 * The trading pairs and their rules, read once from the database (they change only by migration or
 * seed, never while orders rest on them), so the order path never reads them again.
 */
export class MarketCatalog {
  private list: SpotSymbolRules[] = [];
  private readonly byId = new Map<number, SpotSymbolRules>();
  private readonly byName = new Map<string, SpotSymbolRules>();
  private readonly byPair = new Map<string, SpotSymbolRules>();
  private readonly currencies = new Map<number, { symbol: string; name: string; decimals: number }>();
  private loading: Promise<void> | null = null;

  constructor(private readonly ctx: ServiceContext) {}

  /** Loads the pairs on first use; every reader awaits it. */
  ready(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  private async load(): Promise<void> {
    const rows = await this.ctx.db.selectFrom('market_symbols').selectAll().where('status', '=', 1).orderBy('sort').orderBy('id').execute();
    const currencies = new Map((await this.ctx.db.selectFrom('currencies').selectAll().execute()).map((c) => [c.id, c]));
    for (const c of currencies.values()) this.currencies.set(c.id, { symbol: c.symbol, name: c.name, decimals: c.decimals });
    for (const row of rows) {
      const base = currencies.get(row.base_currency_id);
      const quote = currencies.get(row.quote_currency_id);
      if (!base || !quote) continue;
      const category = (MARKET_CATEGORIES as readonly string[]).includes(row.category) ? (row.category as MarketCategory) : 'coin';
      const checked = symbolRulesOf({
        id: row.id, base, quote, category, tickSize: row.tick_size, lotMinor: BigInt(row.lot_size_minor),
        minNotionalMinor: BigInt(row.min_notional_minor), makerFeePpm: row.maker_fee_ppm, takerFeePpm: row.taker_fee_ppm, sort: row.sort,
      });
      if (!checked.ok) {
        this.ctx.log.warn({ symbol: row.symbol, problem: checked.problem }, 'market symbol skipped');
        continue;
      }
      const rules = checked.rules;
      this.list.push(rules);
      this.byId.set(rules.id, rules);
      this.byName.set(rules.symbol, rules);
      this.byPair.set(`${rules.baseCurrencyId}:${rules.quoteCurrencyId}`, rules);
    }
  }

  /** Every trading pair in display order (after ready()). */
  all(): readonly SpotSymbolRules[] {
    return this.list;
  }

  /** Symbol, name and decimals of any currency (after ready()). */
  currency(id: number): { symbol: string; name: string; decimals: number } | undefined {
    return this.currencies.get(id);
  }

  get(id: number): SpotSymbolRules | undefined {
    return this.byId.get(id);
  }

  /** By "BTC/USDT", "BTCUSDT", "btc_usdt" or "BTC-USDT". */
  named(text: string): SpotSymbolRules | undefined {
    const clean = text.trim().toUpperCase();
    if (clean.length === 0 || clean.length > SYMBOL_TEXT_MAX) return undefined;
    const direct = this.byName.get(clean.replace(/[_-]/, '/'));
    if (direct) return direct;
    return this.list.find((r) => r.base + r.quote === clean);
  }

  /** The pair a request names: `symbol`, else currency_id (base) + legal_id (quote). */
  resolve(ref: PairRef, field = 'symbol'): Outcome<SpotSymbolRules> {
    if (ref.symbol !== undefined) {
      const rules = this.named(ref.symbol);
      return rules ? success(rules) : failure('MARKET.SYMBOL_UNAVAILABLE', field);
    }
    if (ref.currencyId === undefined) return failure('VALID.REQUIRED', field);
    if (ref.legalId === undefined) return failure('VALID.REQUIRED', 'legal_id');
    const rules = this.byPair.get(`${ref.currencyId}:${ref.legalId}`);
    return rules ? success(rules) : failure('MARKET.SYMBOL_UNAVAILABLE', 'currency_id');
  }

  /** The wire's description of every pair, optionally of one category. */
  symbols(category?: MarketCategory): MarketSymbol[] {
    return this.list.filter((r) => category === undefined || r.category === category).map(marketSymbolOf);
  }

  /** The pair's reference price (reference-prices.ts) in ticks: its price before the first trade, and the simulator's anchor. 0 when it has none. */
  referenceTicks(rules: SpotSymbolRules): number {
    const price8 = priceTicks(rules.base);
    const quote8 = priceTicks(rules.quote);
    if (price8 === null || quote8 === null || quote8 === 0n) return 0;
    return ticksFromPrice8(rules, (price8 * 10n ** 8n) / quote8);
  }
}
