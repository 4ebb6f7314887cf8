import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { observeWindowRect, Virtualizer, windowScroll, type VirtualItem } from '@tanstack/react-virtual';
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

export interface WindowRows {
  items: readonly VirtualItem[];
  /** The indexes on screen (the items add the overscan on both sides). */
  visible: { start: number; end: number } | null;
  totalSize: number;
  scrolling: boolean;
}

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
  const show = (v: Virtualizer<Window, Element>, always: boolean) => {
    const range = v.range;
    const seen = last.current;
    if (!always && seen?.visible && range && seen.visible.start === range.startIndex && seen.visible.end === range.endIndex && seen.scrolling === v.isScrolling) return;
    const rows: WindowRows = { items: v.getVirtualItems(), visible: range && { start: range.startIndex, end: range.endIndex }, totalSize: v.getTotalSize(), scrolling: v.isScrolling };
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
