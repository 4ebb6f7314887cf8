import type { MarketCategory, MarketSymbol } from '../../../contract/api/market.ts';
import { MARKET_CATEGORIES } from '../../../contract/api/market.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import { priceTicks } from '../../domain/reference-prices.ts';
import { marketSymbolOf, symbolRulesOf, ticksFromPrice8, type SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { Selectable } from 'kysely';
import type { MarketSymbolsTable } from '../../db/markets-schema.ts';
import type { ServiceContext } from '../service-context.ts';

/** How a request names a pair: "BTC/USDT" (also "BTCUSDT", "btc_usdt", "BTC-USDT"), or base and quote currency ids. */
export interface PairRef {
  symbol?: string | undefined;
  currencyId?: number | undefined;
  legalId?: number | undefined;
}

const SYMBOL_TEXT_MAX = 24;

/** market_data_state: bumped by every change of market_symbols at runtime (ops pair-add, pair-halt), which servers poll. */
export const PAIRS_VERSION = 'pairs.version';

type CurrencyInfo = { symbol: string; name: string; decimals: number; image: string };

/**
 * The trading pairs and their rules, held in memory so the order path never reads them. Read at
 * start; while the server runs, an operator's `pair-add` / `pair-halt` / `pair-resume` bump
 * PAIRS_VERSION and `poll()` (every server process, once a second) reads the table again: a new pair
 * joins, a halted one leaves the lists and takes no new orders (its resting orders stay cancellable,
 * so `known()` still finds it), a resumed one returns. A listed pair's rules never change.
 */
export class MarketCatalog {
  private list: SpotSymbolRules[] = [];
  /** Listed and halted pairs: what resting orders and order views are read with. */
  private readonly byId = new Map<number, SpotSymbolRules>();
  private readonly listed = new Set<number>();
  private readonly byName = new Map<string, SpotSymbolRules>();
  private readonly byPair = new Map<string, SpotSymbolRules>();
  private readonly currencies = new Map<number, CurrencyInfo>();
  private loading: Promise<void> | null = null;
  private version: string | null = null;
  private reading: Promise<SpotSymbolRules[]> | null = null;

  constructor(private readonly ctx: ServiceContext) {}

  /** Loads the pairs on first use; every reader awaits it. */
  ready(): Promise<void> {
    this.loading ??= this.read().then(() => undefined);
    return this.loading;
  }

  /**
   * Reads the table again if PAIRS_VERSION moved since the last read; answers the pairs listed
   * since (new or resumed), which market data and the streams then take up.
   */
  async poll(): Promise<SpotSymbolRules[]> {
    await this.ready();
    if ((await this.versionNow()) === this.version) return [];
    return this.read();
  }

  private async versionNow(): Promise<string> {
    const row = await this.ctx.db.selectFrom('market_data_state').select('value').where('name', '=', PAIRS_VERSION).executeTakeFirst();
    return row?.value ?? '0';
  }

  /** One read at a time: a poll during start-up's read waits for it rather than applying the rows twice. */
  private async read(): Promise<SpotSymbolRules[]> {
    while (this.reading) await this.reading.catch(() => undefined);
    this.reading = this.readOnce();
    try {
      return await this.reading;
    } finally {
      this.reading = null;
    }
  }

  /** Reads every query first and then changes the maps at once, so a batch never sees a half-read catalog. */
  private async readOnce(): Promise<SpotSymbolRules[]> {
    // The version first: a change committed after it is read again at the next poll.
    const version = await this.versionNow();
    const rows = await this.ctx.db.selectFrom('market_symbols').selectAll().orderBy('sort').orderBy('id').execute();
    const currencies = await this.ctx.db.selectFrom('currencies').selectAll().execute();
    for (const c of currencies) this.currencies.set(c.id, { symbol: c.symbol, name: c.name, decimals: c.decimals, image: c.image });
    const listedNow: SpotSymbolRules[] = [];
    for (const row of rows) {
      const rules = this.byId.get(row.id) ?? this.rulesOf(row);
      if (!rules) continue;
      this.byId.set(rules.id, rules);
      const trading = row.status === 1;
      if (trading && !this.listed.has(rules.id)) {
        this.listed.add(rules.id);
        listedNow.push(rules);
      } else if (!trading) this.listed.delete(rules.id);
    }
    this.list = [...this.byId.values()].filter((r) => this.listed.has(r.id)).sort((a, b) => a.sort - b.sort || a.id - b.id);
    this.byName.clear();
    this.byPair.clear();
    for (const rules of this.list) {
      this.byName.set(rules.symbol, rules);
      this.byPair.set(`${rules.baseCurrencyId}:${rules.quoteCurrencyId}`, rules);
    }
    this.version = version;
    return listedNow;
  }

  private rulesOf(row: Selectable<MarketSymbolsTable>): SpotSymbolRules | null {
    const base = this.currencies.get(row.base_currency_id);
    const quote = this.currencies.get(row.quote_currency_id);
    if (!base || !quote) return null;
    const category = (MARKET_CATEGORIES as readonly string[]).includes(row.category) ? (row.category as MarketCategory) : 'coin';
    const checked = symbolRulesOf({
      id: row.id, base: { id: row.base_currency_id, ...base }, quote: { id: row.quote_currency_id, ...quote },
      category, tickSize: row.tick_size, lotMinor: BigInt(row.lot_size_minor),
      minNotionalMinor: BigInt(row.min_notional_minor), makerFeePpm: row.maker_fee_ppm, takerFeePpm: row.taker_fee_ppm, sort: row.sort,
    });
    if (!checked.ok) {
      this.ctx.log.warn({ symbol: row.symbol, problem: checked.problem }, 'market symbol skipped');
      return null;
    }
    return checked.rules;
  }

  /** Every trading pair in display order (after ready()). */
  all(): readonly SpotSymbolRules[] {
    return this.list;
  }

  /** Symbol, name and decimals of any currency (after ready()). */
  currency(id: number): { symbol: string; name: string; decimals: number } | undefined {
    return this.currencies.get(id);
  }

  /** A listed pair (halted ones are not). */
  get(id: number): SpotSymbolRules | undefined {
    return this.listed.has(id) ? this.byId.get(id) : undefined;
  }

  /** A listed or halted pair: what a resting order, its cancel and its views are read with. */
  known(id: number): SpotSymbolRules | undefined {
    return this.byId.get(id);
  }

  /** Every pair, listed or halted (the books: halted pairs keep their resting orders). */
  everyPair(): IterableIterator<SpotSymbolRules> {
    return this.byId.values();
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
