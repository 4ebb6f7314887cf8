import { sql } from 'kysely';
import type { MarketCategory, Quotation, QuotationList } from '../../../contract/api/market.ts';
import { changePct } from '../../domain/ticker-change.ts';
import { baseText, marketSymbolOf, quoteText, ticksToPrice, type SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { ServiceContext } from '../service-context.ts';
import type { MarketService } from './market-service.ts';

/** The moving part of a quotation: last price and 24 h figures, as the wire has them. */
export type QuotationFigures = Pick<Quotation, 'last' | 'change_pct' | 'open_24h' | 'high_24h' | 'low_24h' | 'volume_24h' | 'quote_volume_24h'>;

/**
 * Where 24 h figures come from. Market data plugs itself in with useSource(); until then (and for a
 * pair the source does not know) they are computed from the trades table.
 */
export interface TickerSource {
  /** The pair's figures, or null when the source has none. */
  figures(symbol: string): QuotationFigures | null;
  /** Sequence number of the tickers stream these figures are current to. */
  seq(): number;
}

/** Open, high and low stay bigint: they only go to ticksToPrice and changePct, which take bigint. */
interface DayRow {
  openTicks: bigint;
  highTicks: bigint;
  lowTicks: bigint;
  volumeMinor: bigint;
  quoteVolumeMinor: bigint;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The trades-table figures are recomputed at most this often. */
const FALLBACK_CACHE_MS = 2000;

/** Quotations: a pair's rules with its last price and 24 h change, high, low and volumes. */
export class QuotationService {
  private source: TickerSource | null = null;
  private day: { atMs: number; rows: Map<number, DayRow> } | null = null;

  constructor(private readonly ctx: ServiceContext, private readonly markets: MarketService) {}

  /** Market data's live figures replace the trades-table ones. */
  useSource(source: TickerSource): void {
    this.source = source;
  }

  /** GET /currency/quotation_new: every pair (optionally of one category). */
  async list(category?: MarketCategory): Promise<QuotationList> {
    await this.markets.ready();
    const pairs = this.markets.pairs().filter((r) => category === undefined || r.category === category);
    return { list: await this.of(pairs), seq: this.source?.seq() ?? 0 };
  }

  /** Quotations of these pairs, in the order given. */
  async of(pairs: readonly SpotSymbolRules[]): Promise<Quotation[]> {
    await this.markets.ready();
    const known = pairs.map((r) => ({ r, figures: this.source?.figures(r.symbol) ?? null }));
    const day = known.some((k) => k.figures === null) ? await this.dayRows() : new Map<number, DayRow>();
    return known.map(({ r, figures }) => ({ ...marketSymbolOf(r), ...(figures ?? this.fallback(r, day.get(r.id))) }));
  }

  private fallback(r: SpotSymbolRules, row: DayRow | undefined): QuotationFigures {
    const lastTicks = this.markets.lastTicks(r);
    const last = ticksToPrice(r, lastTicks);
    if (!row) return { last, change_pct: '0.00', open_24h: last, high_24h: last, low_24h: last, volume_24h: '0', quote_volume_24h: '0' };
    return {
      last,
      change_pct: changePct(row.openTicks, BigInt(lastTicks)),
      open_24h: ticksToPrice(r, row.openTicks),
      high_24h: ticksToPrice(r, row.highTicks),
      low_24h: ticksToPrice(r, row.lowTicks),
      volume_24h: baseText(r, row.volumeMinor),
      quote_volume_24h: quoteText(r, row.quoteVolumeMinor),
    };
  }

  /** Open, high, low and volumes of the last 24 h per pair, from the trades table (cached briefly). */
  private async dayRows(): Promise<Map<number, DayRow>> {
    const nowMs = this.ctx.clock.now().getTime();
    if (this.day && nowMs - this.day.atMs < FALLBACK_CACHE_MS && nowMs >= this.day.atMs) return this.day.rows;
    const since = new Date(nowMs - DAY_MS).toISOString();
    const big = this.ctx.dialect === 'postgres' ? sql.raw('numeric') : sql.raw('integer');
    const sums = await this.ctx.db.selectFrom('spot_trades')
      .select((eb) => [
        'symbol_id',
        eb.fn.min('price_ticks').as('low'),
        eb.fn.max('price_ticks').as('high'),
        eb.fn.min('id').as('first_id'),
        sql<string>`sum(cast(amount_minor as ${big}))`.as('volume'),
        sql<string>`sum(cast(quote_minor as ${big}))`.as('quote_volume'),
      ])
      .where('created_at', '>=', since)
      .groupBy('symbol_id')
      .execute();
    const firstIds = sums.map((s) => Number(s.first_id));
    const opens = firstIds.length === 0 ? [] : await this.ctx.db.selectFrom('spot_trades').select(['symbol_id', 'price_ticks']).where('id', 'in', firstIds).execute();
    const openOf = new Map(opens.map((o) => [Number(o.symbol_id), BigInt(o.price_ticks)]));
    const rows = new Map<number, DayRow>();
    for (const s of sums) {
      rows.set(Number(s.symbol_id), {
        openTicks: openOf.get(Number(s.symbol_id)) ?? BigInt(s.low), highTicks: BigInt(s.high), lowTicks: BigInt(s.low),
        volumeMinor: BigInt(String(s.volume ?? '0').split('.')[0] ?? '0'), quoteVolumeMinor: BigInt(String(s.quote_volume ?? '0').split('.')[0] ?? '0'),
      });
    }
    this.day = { atMs: nowMs, rows };
    return rows;
  }
}
