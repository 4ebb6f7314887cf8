import { rowText, type RowFormat } from '../lib/row-text.ts';
import type { QuoteUpdate } from '../stores/quotes.ts';

/**
 * The socket worker's share of the market list's work: each quote on its way to the page gets its
 * row's figures (price, compact volume, change) written in the list's format. Formatting decimal
 * strings was about a quarter of the script a quote batch cost the main thread under the flood
 * (bench/README.md); here it runs beside the socket's parsing, and a row only writes text nodes.
 */
export class RowTextMaker {
  private format: RowFormat | null = null;
  private ticks = new Map<string, string>();

  /** The list's format and its pairs' tick sizes; null when no list is shown. */
  set(format: RowFormat | null, ticks: readonly (readonly [symbol: string, tickSize: string])[] = []): void {
    this.format = format;
    this.ticks = new Map(ticks);
  }

  /**
   * Adds the figures to the updates of the list's pairs that the page `shows` (the objects are the
   * worker's own, about to be posted). Only those: the page writes no row for the others, and
   * copying figures it never reads into the page costs its main thread more than they would save.
   */
  annotate(updates: readonly QuoteUpdate[], shows: (symbol: string) => boolean): void {
    const format = this.format;
    if (!format) return;
    for (const update of updates) {
      const tick = this.ticks.get(update.symbol);
      if (tick !== undefined && shows(update.symbol)) update.text = rowText(update, tick, format);
    }
  }
}
