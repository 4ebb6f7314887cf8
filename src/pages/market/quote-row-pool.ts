import type { Quotation } from '../../../contract/api/market.ts';
import { frameTaken, markFrameWork } from '../../lib/frame-work.ts';
import { SlotKeys } from '../../lib/slot-keys.ts';
import { quoteStore, type LiveQuote } from '../../stores/quotes.ts';
import { rowChange, rowLast, rowVolume, type RowFormat } from '../../lib/row-text.ts';
import { changeClass } from '../../ui/change-text.tsx';
import { StarButton } from '../../ui/star-button.tsx';
import { h, render } from 'preact';

/** The texts of a row, in the reader's locale (market-list.tsx makes them from Lingui). */
export interface RowTexts {
  /** How the figures read; its id identifies the locale: rows written for another are written again. */
  format: RowFormat;
  starLabel: (base: string, on: boolean) => string;
}

/** What the window shows: the rows in it, each at its offset from the top of the body. */
export interface RowsInView {
  rows: readonly { row: Quotation; index: number; top: number }[];
  editing: boolean;
  favourites: ReadonlySet<string> | null;
  /** The star of a row while editing. */
  onToggleFavourite: (symbol: string) => void;
  texts: RowTexts;
  /** The indexes on screen; the others are the overscan, out of sight. */
  visible?: { start: number; end: number } | null;
  /** The list is moving: rows out of sight may wait a frame or two, and all rows wait for their place in the DOM order, until it stops. */
  scrolling: boolean;
}

/** While a list scrolls, rows out of sight that changed pair are written at most this many a frame. */
export const DEFERRED_BINDS_PER_FRAME = 2;

export const ROW_HEIGHT_PX = 60;

/** From this many characters a last price is set in the smaller size (market.css), to fit a phone's column. */
export const LONG_PRICE_CHARS = 10;
const LONG_PRICE_CLASS = 'quote-row__last--long';

export const pairPath = (symbol: string) => `/pages/transaction/currency?symbol=${symbol}`;

interface Slot {
  el: HTMLDivElement;
  row: HTMLDivElement;
  link: HTMLAnchorElement;
  base: Text;
  quote: Text;
  volume: Text;
  last: Text;
  lastCell: HTMLDivElement;
  /** The last cell of the row: the change, or the star while editing (`starred`: Preact's). */
  end: HTMLDivElement;
  starred: boolean;
  change: HTMLSpanElement | null;
  changeText: Text | null;
  /** What the slot shows now: a tick or a rebind writes only what differs. */
  shown: Quotation | null;
  shownKey: string;
  /** The raw figures last written: a tick formats only what moved. Emptied to write all again. */
  written: { last: string; volume: string; change: string };
  /** The row's place in the list, and its offset. */
  index: number;
  top: number;
  unlisten: (() => void) | null;
}


function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string>, ...children: Node[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const setText = (node: Text, value: string) => {
  if (node.data !== value) node.data = value;
};

/**
 * The rows of the market table, written straight to the DOM. Under a quote flood a scroll brings
 * rows in every few frames; as components each one cost a render of five (hooks, three store
 * subscriptions, a diff) at the worst moment. Here a row that leaves the window hands its slot to
 * one that enters (SlotKeys), which rewrites a handful of text nodes and moves one listener from
 * one pair's store to the other's; a tick writes its three figures. The markup is the one the
 * component rows had, so styles, taps (delegated on the body) and tests read it the same way.
 */
export class QuoteRowPool {
  private readonly slots = new Map<number, Slot>();
  private readonly keys = new SlotKeys();
  private texts: RowTexts | null = null;
  /**
   * Slots out of sight that a scroll gave another pair, written a few a frame: a scroll step brings
   * two or three rows into the overscan at once, and writing them all in that frame made it the
   * longest of the scroll. A slot that comes on screen first is written at once.
   */
  private readonly pending = new Map<Slot, { row: Quotation; index: number; view: RowsInView }>();
  private frame = 0;

  constructor(private readonly body: HTMLElement) {}

  /**
   * Shows exactly `view.rows`. The DOM keeps the visual order (what assistive technology reads),
   * put right when the list is at rest: while it scrolls, a row that comes in takes the slot of one
   * that left wherever that slot is, since moving an element costs the browser its layout again.
   */
  show(view: RowsInView): void {
    this.texts = view.texts;
    const keys = this.keys.keysFor(view.rows.map((r) => r.index));
    const used = new Set(keys);
    for (const [key, slot] of this.slots) {
      if (used.has(key)) continue;
      this.drop(slot);
      this.slots.delete(key);
    }
    const placed = view.rows.map(({ row, index, top }, i) => {
      const key = keys[i]!;
      let slot = this.slots.get(key);
      if (!slot) {
        slot = this.build();
        this.slots.set(key, slot);
        this.body.append(slot.el);
      }
      const offScreen = view.scrolling && view.visible && (index < view.visible.start || index > view.visible.end);
      if (offScreen && this.needsBind(slot, row, index, view)) this.later(slot, { row, index, view });
      else {
        this.pending.delete(slot);
        this.bind(slot, row, index, view);
      }
      if (slot.top !== top) {
        slot.top = top;
        slot.el.style.transform = `translateY(${top}px)`;
      }
      this.live(slot, !view.visible || (index >= view.visible.start && index <= view.visible.end));
      return slot;
    });
    if (view.scrolling) return;
    this.flushPending(Infinity);
    let next: ChildNode | null = null;
    for (let i = placed.length - 1; i >= 0; i -= 1) {
      const { el } = placed[i]!;
      if (el.nextSibling !== next) this.body.insertBefore(el, next);
      next = el;
    }
  }

  /**
   * The rows of the last `show` while the list scrolls, with `visible` now on screen: a row that
   * came on screen is written (if it was waiting) and follows its pair; one that left stops.
   */
  see(visible: { start: number; end: number } | null): void {
    for (const slot of this.slots.values()) {
      const waiting = this.pending.get(slot);
      const index = waiting ? waiting.index : slot.index;
      const on = !visible || (index >= visible.start && index <= visible.end);
      if (on && waiting) {
        this.pending.delete(slot);
        this.bind(slot, waiting.row, waiting.index, waiting.view);
      }
      this.live(slot, on);
    }
  }

  private later(slot: Slot, what: { row: Quotation; index: number; view: RowsInView }): void {
    this.pending.set(slot, what);
    markFrameWork();
    this.schedule();
  }

  private schedule(): void {
    this.frame ||= requestAnimationFrame((frameStart) => {
      this.frame = 0;
      // Not in a frame that wrote a scroll's rows or that a batch of quotes will take: the next free one.
      if (!frameTaken(frameStart)) this.flushPending(DEFERRED_BINDS_PER_FRAME);
      if (this.pending.size > 0) this.schedule();
    });
  }

  private flushPending(limit: number): void {
    let n = 0;
    for (const [slot, { row, index, view }] of this.pending) {
      if (n++ >= limit) break;
      this.pending.delete(slot);
      this.bind(slot, row, index, view);
    }
  }

  /** Stops every row's listener and empties the body. */
  clear(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.pending.clear();
    for (const slot of this.slots.values()) this.drop(slot);
    this.slots.clear();
  }

  /**
   * Whether a slot follows its pair's ticks. Only the rows on screen do: the overscan rows (out of
   * sight, written ahead for a scroll) keep the quote they were written with and catch up when they
   * come on screen, from the store's newest value. Under a flood that is about 40 % fewer row writes
   * a frame, and the socket worker sends only the pairs on screen in every batch (stores/quotes.ts).
   */
  private live(slot: Slot, on: boolean): void {
    if (!on) {
      slot.unlisten?.();
      slot.unlisten = null;
      return;
    }
    const row = slot.shown;
    if (slot.unlisten || !row) return;
    const store = quoteStore(row.symbol);
    slot.unlisten = store.listen((quote) => this.write(slot, quote ?? row));
    // `.value`, not `.get()`: reading must not count as watching the pair (stores/quotes.ts).
    this.write(slot, store.value ?? row);
  }

  private drop(slot: Slot): void {
    this.pending.delete(slot);
    slot.unlisten?.();
    slot.unlisten = null;
    this.unstar(slot);
    slot.el.remove();
  }

  private unstar(slot: Slot): void {
    if (!slot.starred) return;
    render(null, slot.end);
    slot.starred = false;
  }

  private build(): Slot {
    const [base, quote, volume, last] = [new Text(), new Text(), new Text(), new Text()];
    const link = el('a', {}, el('strong', {}, base), el('span', { class: 'quote-row__quote' }, quote));
    const end = el('div', { role: 'cell', class: 'quote-row__change' });
    const lastCell = el('div', { role: 'cell', class: 'quote-row__last num quote-fig', 'data-field': 'last' }, last);
    const row = el(
      'div',
      { role: 'row', class: 'quote-row' },
      el('div', { role: 'cell', class: 'quote-row__pair' }, link, el('span', { class: 'quote-row__vol' }, volume)),
      lastCell,
      end,
    );
    const slot = el('div', { class: 'market-table__slot', role: 'none' }, row);
    // The slot is a size-contained box (market.css): without its height it would clip the row away.
    slot.style.height = `${ROW_HEIGHT_PX}px`;
    return { el: slot, row, link, base, quote, volume, last, lastCell, end, starred: false, change: null, changeText: null, shown: null, shownKey: '', written: { last: '', volume: '', change: '' }, index: -1, top: NaN, unlisten: null };
  }

  /** What a slot's mode and locale must be for `view`: a slot showing another is written again. */
  private keyOf(row: Quotation, view: RowsInView): string {
    const favourite = view.favourites?.has(row.symbol) ?? false;
    return `${view.editing ? (favourite ? 'E+' : 'E-') : 'L'}|${view.texts.format.id}`;
  }

  private needsBind(slot: Slot, row: Quotation, index: number, view: RowsInView): boolean {
    return slot.index !== index || slot.shown !== row || slot.shownKey !== this.keyOf(row, view);
  }

  /** Points a slot at a pair (and at the view's mode and locale), if it is not already. */
  private bind(slot: Slot, row: Quotation, index: number, view: RowsInView): void {
    if (slot.index !== index) {
      slot.index = index;
      slot.row.setAttribute('aria-rowindex', String(index + 2));
    }
    const favourite = view.favourites?.has(row.symbol) ?? false;
    const key = this.keyOf(row, view);
    if (slot.shown === row && slot.shownKey === key) return;
    const fresh = slot.shown?.symbol !== row.symbol || slot.shownKey !== key;
    if (fresh) slot.written = { last: '', volume: '', change: '' };
    if (slot.shown?.symbol !== row.symbol) {
      markFrameWork();
      this.live(slot, false);
      slot.row.dataset['symbol'] = row.symbol;
      slot.link.setAttribute('href', '#' + pairPath(row.symbol));
      setText(slot.base, row.base);
      setText(slot.quote, '/' + row.quote);
    }
    slot.shown = row;
    if (slot.shownKey !== key) {
      slot.shownKey = key;
      // The star is the app's StarButton, rendered by Preact into the cell: editing lists are short
      // (the favourites), so none of the scroll's cost is at stake there.
      if (view.editing) {
        slot.change = slot.changeText = null;
        if (!slot.starred) slot.end.replaceChildren();
        slot.starred = true;
        const { onToggleFavourite } = view;
        render(h(StarButton, { on: favourite, small: true, label: view.texts.starLabel(row.base, favourite), onToggle: () => onToggleFavourite(row.symbol) }), slot.end);
      } else {
        this.unstar(slot);
        slot.changeText = new Text();
        slot.change = el('span', {}, slot.changeText);
        slot.end.replaceChildren(slot.change);
      }
    }
    // `.value`, not `.get()`: reading must not count as watching the pair (stores/quotes.ts).
    this.write(slot, quoteStore(row.symbol).value ?? row);
  }

  /**
   * Writes the figures of a quote that differ from what the slot was last given: as the socket
   * worker wrote them (row-text-maker.ts), or formatted here for a quote that came without them.
   */
  private write(slot: Slot, quote: LiveQuote): void {
    const { format } = this.texts!;
    const made = quote.text?.id === format.id ? quote.text : undefined;
    const seen = slot.written;
    if (quote.last !== seen.last) {
      const price = made ? made.last : rowLast(quote.last, slot.shown!.tick_size, format);
      seen.last = quote.last;
      setText(slot.last, price);
      // A price of many digits (0.00000912) is set smaller rather than cut short by the column.
      const long = price.length >= LONG_PRICE_CHARS;
      if (slot.lastCell.classList.contains(LONG_PRICE_CLASS) !== long) slot.lastCell.classList.toggle(LONG_PRICE_CLASS, long);
    }
    if (quote.quote_volume_24h !== seen.volume) {
      seen.volume = quote.quote_volume_24h;
      setText(slot.volume, made ? made.volume : rowVolume(quote.quote_volume_24h, format));
    }
    if (slot.change && slot.changeText && quote.change_pct !== seen.change) {
      seen.change = quote.change_pct;
      setText(slot.changeText, made ? made.change : rowChange(quote.change_pct, format));
      const cls = changeClass(quote.change_pct, true);
      if (slot.change.className !== cls) slot.change.className = cls;
    }
  }
}
