import { SEARCH_RESULTS_MAX, type Quotation } from '../../../contract/api/market.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import type { MarketService } from './market-service.ts';
import type { QuotationService } from './quotation-service.ts';

export const SEARCH_QUERY_MAX = 20;
export const HOT_SEARCH_MAX = 10;
/** One address counts once per pair in this window, so hot searches cannot be pumped by repeating a query. */
const COUNT_WINDOW_MS = 60_000;
const COUNTED_MAX = 50_000;

/** Pair search (base, quote or currency name) and hot searches (how often each pair was searched for). */
export class MarketSearchService {
  private counted = new Map<string, number>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly markets: MarketService,
    private readonly quotations: QuotationService,
  ) {}

  /**
   * Up to SEARCH_RESULTS_MAX pairs, best match first: the base symbol itself, then base prefixes,
   * then the currency name or the quote. The search counts for a pair when the query names it (its
   * base or the pair) or it is the only result.
   */
  async search(rawQuery: string | undefined, ip: string): Promise<Outcome<Quotation[]>> {
    const q = (rawQuery ?? '').trim().toUpperCase();
    if (q.length === 0) return failure('VALID.REQUIRED', 'q');
    if (q.length > SEARCH_QUERY_MAX) return failure('VALID.TEXT_TOO_LONG', 'q');
    await this.markets.ready();
    const compact = q.replace(/[/_\-\s]/g, '');
    const rank = (r: SpotSymbolRules): number => {
      if (r.base === q || r.base + r.quote === compact) return 0;
      if (r.base.startsWith(compact)) return 1;
      if ((this.markets.catalog.currency(r.baseCurrencyId)?.name ?? '').toUpperCase().includes(q)) return 2;
      if ((r.base + r.quote).includes(compact) || r.quote === q) return 3;
      return 9;
    };
    const found = this.markets.pairs().map((r) => ({ r, rank: rank(r) })).filter((x) => x.rank < 9)
      .sort((a, b) => a.rank - b.rank || a.r.sort - b.r.sort).slice(0, SEARCH_RESULTS_MAX).map((x) => x.r);
    const named = found.filter((r) => rank(r) === 0);
    for (const r of named.length > 0 ? named : found.length === 1 ? found : []) await this.count(r, ip);
    return success(await this.quotations.of(found));
  }

  /** The most searched pairs, then the first listed pairs, HOT_SEARCH_MAX in all. */
  async hot(): Promise<Quotation[]> {
    await this.markets.ready();
    const rows = await this.ctx.db.selectFrom('market_search_counts').select(['symbol_id', 'searches'])
      .orderBy('searches', 'desc').orderBy('symbol_id').limit(HOT_SEARCH_MAX).execute();
    const picked: SpotSymbolRules[] = [];
    for (const row of rows) {
      const r = this.markets.catalog.get(row.symbol_id);
      if (r) picked.push(r);
    }
    for (const r of this.markets.pairs()) {
      if (picked.length >= HOT_SEARCH_MAX) break;
      if (!picked.includes(r)) picked.push(r);
    }
    return this.quotations.of(picked);
  }

  private async count(r: SpotSymbolRules, ip: string): Promise<void> {
    const nowMs = this.ctx.clock.now().getTime();
    const key = `${ip}|${r.id}`;
    const at = this.counted.get(key);
    if (at !== undefined && nowMs - at < COUNT_WINDOW_MS && nowMs >= at) return;
    if (this.counted.size >= COUNTED_MAX) this.counted = new Map([...this.counted].filter(([, ms]) => nowMs - ms < COUNT_WINDOW_MS));
    this.counted.set(key, nowMs);
    const now = iso(this.ctx.clock.now());
    await this.ctx.db.insertInto('market_search_counts').values({ symbol_id: r.id, searches: 1, updated_at: now })
      .onConflict((oc) => oc.column('symbol_id').doUpdateSet((eb) => ({ searches: eb('market_search_counts.searches', '+', 1), updated_at: now })))
      .execute();
  }
}
