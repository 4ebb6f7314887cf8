import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { defaultRangeExtractor, observeWindowRect, Virtualizer, windowScroll, type Range, type VirtualItem } from '@tanstack/react-virtual';
import { observeWindowOffsetLazily } from './observe-window-offset.ts';

/**
 * TanStack's window scroll, without its first write. On mount the library scrolls the window to the
 * offset it read from the window a moment before (`initialOffset`), a write that moves nothing; but
 * `scrollTo` lays the page out there, before the rows are written, and the frame then lays it out
 * again with them: at 4x CPU that cost the market tab's first render about 40 ms. Reading
 * `window.scrollY` to compare would force the same layout, so the first write, which is that
 * no-op by construction, is the one skipped; every later write (and any with an animation or an
 * adjustment) goes through.
 */
export function skipFirstWindowWrite(): typeof windowScroll {
  let first = true;
  return (offset, options, instance) => {
    const skip = first && !options.behavior && !options.adjustments;
    first = false;
    if (!skip) windowScroll(offset, options, instance);
  };
}

/**
 * TanStack's range extractor (the rows on screen and `overscan` rows each side) with slack: the
 * rows in the window stay the same set, the very same array, while the rows on screen are at least
 * `margin` rows inside it, and only then move to the screen's rows and the overscan again. Under a
 * scroll the set changed with nearly every step (a 60 px row, 40 px a frame), and each change sent
 * the whole window through the row pool; now it changes once the screen has moved `overscan -
 * margin + 1` rows, and the steps between only tell the pool which rows came on screen (the items
 * are the same array, so the list can tell).
 */
export function stickyRange(margin: number): (range: Range) => number[] {
  let kept: number[] = [];
  return (range) => {
    const { startIndex, endIndex, count } = range;
    const lo = kept[0] ?? -1;
    const hi = kept[kept.length - 1] ?? -1;
    const fits =
      lo >= 0 && hi < count && startIndex >= lo && endIndex <= hi && (lo === 0 || startIndex - lo >= margin) && (hi === count - 1 || hi - endIndex >= margin);
    if (!fits) kept = defaultRangeExtractor(range);
    return kept;
  };
}

export interface WindowRows {
  items: readonly VirtualItem[];
  /** The indexes on screen (the items add the overscan on both sides). */
  visible: { start: number; end: number } | null;
  totalSize: number;
  scrolling: boolean;
  /** The items are the same array as the last call's, for the same options: only `visible` or `scrolling` moved. */
  sameItems: boolean;
}

/** The rows on screen stay at least this far inside the window's rows before the window moves. */
const STICKY_MARGIN = 2;

export interface WindowRowsOptions {
  count: number;
  rowHeight: number;
  overscan: number;
  /** Where the list starts in the document (the rows' offsets are from there). */
  scrollMargin: number;
  getItemKey: (index: number) => string;
}

/**
 * TanStack Virtual over the window for rows of one height, its answer handed straight to `onRows`
 * (on every change of the rows in the window, and after every render with new options) instead of
 * rendering the component: the rows are written by hand (quote-row-pool.ts), so a render per scroll
 * step, which the library's React adapter does, would only add its cost to the frames of a scroll.
 * The adapter's own hook (`useWindowVirtualizer`) does the same wiring: options, mount, update.
 */
export function useWindowRows(options: WindowRowsOptions, onRows: (rows: WindowRows) => void): void {
  const latest = useRef(onRows);
  latest.current = onRows;
  const last = useRef<WindowRows | null>(null);
  const [scrollToFn] = useState(skipFirstWindowWrite);
  const [observeElementOffset] = useState(observeWindowOffsetLazily);
  const [rangeExtractor] = useState(() => stickyRange(STICKY_MARGIN));
  const show = (v: Virtualizer<Window, Element>, always: boolean) => {
    const range = v.range;
    const seen = last.current;
    if (!always && seen?.visible && range && seen.visible.start === range.startIndex && seen.visible.end === range.endIndex && seen.scrolling === v.isScrolling) return;
    const items = v.getVirtualItems();
    const rows: WindowRows = { items, visible: range && { start: range.startIndex, end: range.endIndex }, totalSize: v.getTotalSize(), scrolling: v.isScrolling, sameItems: !always && seen?.items === items };
    last.current = rows;
    latest.current(rows);
  };
  const settings = () => ({
    count: options.count,
    getScrollElement: () => window,
    estimateSize: () => options.rowHeight,
    overscan: options.overscan,
    scrollMargin: options.scrollMargin,
    getItemKey: options.getItemKey,
    scrollToFn,
    observeElementRect: observeWindowRect,
    observeElementOffset,
    rangeExtractor,
    initialOffset: () => window.scrollY,
    onChange: (v: Virtualizer<Window, Element>) => show(v, false),
  });
  const [virtualizer] = useState(() => new Virtualizer<Window, Element>(settings()));
  useLayoutEffect(() => virtualizer._didMount(), []);
  useLayoutEffect(() => {
    virtualizer.setOptions(settings());
    virtualizer._willUpdate();
    show(virtualizer, true);
  });
}
