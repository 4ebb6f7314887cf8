import { priceTextToTicks } from '../../domain/futures-prices.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';
import type { MarkPriceSource } from './mark-price-source.ts';

interface Seen {
  timeMs: number;
  ticks: bigint;
}

const KEEP_MS = 10 * 60_000;
const KEEP_PER_SYMBOL = 4000;

/**
 * The marks this process has seen, for option settlement: every mark of every symbol for the last ten
 * minutes in memory, and for symbols with open options also in contract_mark_ticks (the first mark of
 * each second), so a process that restarts, or another process, settles with what was seen.
 */
export class MarkHistory {
  private readonly seen = new Map<string, Seen[]>();
  private readonly persistedSecond = new Map<string, number>();

  constructor(private readonly ctx: ServiceContext, source: MarkPriceSource) {
    source.subscribe((symbol, price, timeMs) => this.record(symbol, price, timeMs));
  }

  record(symbol: string, price: string, timeMs: number): void {
    const ticks = priceTextToTicks(price);
    if (ticks === null) return;
    const list = this.seen.get(symbol) ?? [];
    const last = list.at(-1);
    if (last && (timeMs < last.timeMs || (timeMs === last.timeMs && ticks === last.ticks))) return;
    list.push({ timeMs, ticks });
    while (list.length > KEEP_PER_SYMBOL || (list[0] && list[0].timeMs < timeMs - KEEP_MS)) list.shift();
    this.seen.set(symbol, list);
  }

  /**
   * The first mark seen at or after `fromMs` (and before `toMs` when given), from memory, then the
   * table through `db` (a caller inside a transaction passes it: on SQLite another read would wait).
   */
  async firstAtOrAfter(symbol: string, fromMs: number, toMs = Number.POSITIVE_INFINITY, db: Tx = this.ctx.db): Promise<Seen | null> {
    const inMemory = this.seen.get(symbol)?.find((s) => s.timeMs >= fromMs && s.timeMs < toMs);
    if (inMemory) return inMemory;
    let query = db.selectFrom('contract_mark_ticks').select(['at', 'price_ticks'])
      .where('symbol', '=', symbol).where('at', '>=', new Date(fromMs).toISOString());
    if (Number.isFinite(toMs)) query = query.where('at', '<', new Date(toMs).toISOString());
    const row = await query.orderBy('at').limit(1).executeTakeFirst();
    return row ? { timeMs: Date.parse(row.at), ticks: BigInt(row.price_ticks) } : null;
  }

  /** The last mark seen at or before `atMs` in memory. */
  lastAtOrBefore(symbol: string, atMs: number): Seen | null {
    const list = this.seen.get(symbol) ?? [];
    for (let i = list.length - 1; i >= 0; i -= 1) {
      const s = list[i];
      if (s && s.timeMs <= atMs) return s;
    }
    return null;
  }

  /** Writes the first mark of each second of `symbols` not yet written. */
  async persist(symbols: Iterable<string>): Promise<void> {
    const rows: { symbol: string; at: string; price_ticks: string }[] = [];
    for (const symbol of symbols) {
      let done = this.persistedSecond.get(symbol) ?? -1;
      for (const s of this.seen.get(symbol) ?? []) {
        const second = Math.floor(s.timeMs / 1000);
        if (second <= done) continue;
        rows.push({ symbol, at: new Date(s.timeMs).toISOString(), price_ticks: s.ticks.toString() });
        done = second;
      }
      this.persistedSecond.set(symbol, done);
    }
    for (let i = 0; i < rows.length; i += 200) {
      await this.ctx.db.insertInto('contract_mark_ticks').values(rows.slice(i, i + 200)).onConflict((oc) => oc.columns(['symbol', 'at']).doNothing()).execute();
    }
  }

  /** Also records one mark in the table (the one an option settled against). */
  async persistOne(symbol: string, seen: Seen): Promise<void> {
    await this.ctx.db.insertInto('contract_mark_ticks').values({ symbol, at: new Date(seen.timeMs).toISOString(), price_ticks: seen.ticks.toString() })
      .onConflict((oc) => oc.columns(['symbol', 'at']).doNothing()).execute();
  }

  async prune(beforeMs: number): Promise<void> {
    await this.ctx.db.deleteFrom('contract_mark_ticks').where('at', '<', new Date(beforeMs).toISOString()).execute();
  }
}
