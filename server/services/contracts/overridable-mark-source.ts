import type { BookLevel, DealSize } from '../../domain/deal-walk.ts';
import { priceTextToTicks, ticksToText } from '../../domain/futures-prices.ts';
import type { ServiceContext } from '../service-context.ts';
import { notifyAll, type MarkListener, type MarkPriceSource } from './mark-price-source.ts';

/**
 * The mark contracts use: the market's mark, unless an operator has overridden a symbol's mark with
 * `ops mark <symbol> <price>` (for tests and incidents). Overrides live in contract_mark_overrides so
 * the ops CLI (another process) can set them; the server reads the table every second (`refresh`) and
 * republishes each override then with the current time, so triggers see it as a fresh mark.
 * `ops mark <symbol> clear` returns the symbol to the market's mark.
 */
export class OverridableMarkSource implements MarkPriceSource {
  private overrides = new Map<string, string>();
  private readonly listeners = new Set<MarkListener>();
  /** Until the overrides are first read, a symbol's market mark may be one an operator overrode: nothing is passed on. */
  private loaded = false;

  constructor(private readonly ctx: ServiceContext, private readonly base: MarkPriceSource) {
    base.subscribe((symbol, price, timeMs) => {
      if (this.loaded && !this.overrides.has(symbol)) notifyAll(this.listeners, symbol, price, timeMs);
    });
  }

  get(symbol: string): { price: string; timeMs: number } | null {
    if (!this.loaded) return null;
    const override = this.overrides.get(symbol);
    return override !== undefined ? { price: override, timeMs: this.ctx.clock.now().getTime() } : this.base.get(symbol);
  }

  target(symbol: string): string | null {
    if (!this.loaded) return null;
    return this.overrides.get(symbol) ?? this.base.target(symbol);
  }

  /** An overridden symbol is priced by the operator alone: its book does not count. */
  quote(symbol: string): { bid: string | null; ask: string | null } {
    if (!this.loaded || this.overrides.has(symbol)) return { bid: null, ask: null };
    return this.base.quote?.(symbol) ?? { bid: null, ask: null };
  }

  levels(symbol: string, buying: boolean, size: DealSize, excludeUserId?: number): BookLevel[] {
    if (!this.loaded || this.overrides.has(symbol)) return [];
    return this.base.levels?.(symbol, buying, size, excludeUserId) ?? [];
  }

  subscribe(listener: MarkListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-reads the overrides and publishes each one as a mark at the current time. */
  async refresh(): Promise<void> {
    const rows = await this.ctx.db.selectFrom('contract_mark_overrides').select(['symbol', 'price_ticks']).execute();
    const next = new Map<string, string>();
    for (const row of rows) next.set(row.symbol, ticksToText(BigInt(row.price_ticks)));
    const cleared = [...this.overrides.keys()].filter((symbol) => !next.has(symbol));
    this.overrides = next;
    this.loaded = true;
    const nowMs = this.ctx.clock.now().getTime();
    for (const [symbol, price] of next) notifyAll(this.listeners, symbol, price, nowMs);
    // A cleared symbol is back on the market's mark at once, even if that mark has not moved since.
    for (const symbol of cleared) {
      const mark = this.base.get(symbol);
      if (mark) notifyAll(this.listeners, symbol, mark.price, nowMs);
    }
  }

  /** Operator override (the ops CLI records who and when in ops_audit). */
  async set(symbol: string, price: string, operator: string): Promise<boolean> {
    const ticks = priceTextToTicks(price);
    if (ticks === null) return false;
    const values = { symbol, price_ticks: ticks.toString(), set_by: operator, set_at: this.ctx.clock.now().toISOString() };
    await this.ctx.db.insertInto('contract_mark_overrides').values(values)
      .onConflict((oc) => oc.column('symbol').doUpdateSet({ price_ticks: values.price_ticks, set_by: operator, set_at: values.set_at }))
      .execute();
    return true;
  }

  async clear(symbol: string): Promise<boolean> {
    const result = await this.ctx.db.deleteFrom('contract_mark_overrides').where('symbol', '=', symbol).executeTakeFirst();
    return (result.numDeletedRows ?? 0n) > 0n;
  }

  async list(): Promise<{ symbol: string; price: string; set_by: string; set_at: string }[]> {
    const rows = await this.ctx.db.selectFrom('contract_mark_overrides').selectAll().orderBy('symbol').execute();
    return rows.map((r) => ({ symbol: r.symbol, price: ticksToText(BigInt(r.price_ticks)), set_by: r.set_by, set_at: r.set_at }));
  }
}
