import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { observeWindowOffset, observeWindowRect, Virtualizer, windowScroll, type VirtualItem } from '@tanstack/react-virtual';

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
    scrollToFn: windowScroll,
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
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
