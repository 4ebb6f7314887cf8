import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import type { Quotation } from '../../../contract/api/market.ts';
import { nextSort, sortQuotes, type SortKey, type SortState } from '../../lib/quote-sort.ts';
import { FIGURE_MARK, labelAround, type RowFormat } from '../../lib/row-text.ts';
import { holdRowFormat } from '../../realtime/live.ts';
import { $localeTag } from '../../stores/lang.ts';
import { quoteOf } from '../../stores/quotes.ts';
import { SortHeader } from '../../ui/sort-header.tsx';
import { navigate } from '../../lib/hash-route.ts';
import { useLongPress } from './long-press.ts';
import { pairPath, QuoteRowPool, ROW_HEIGHT_PX, type RowTexts } from './quote-row-pool.ts';
import { useWindowRows } from './use-window-rows.ts';

/**
 * With a live column sorted, the order is worked out again this often: rows keep their place in
 * between (their figures still move), so the list does not jump under the reader's finger on every tick.
 */
export const RESORT_MS = 2000;

/** The market table: sortable headers and a window-virtualised body, 1,000 rows or more. */
export function MarketList({
  rows,
  favourites,
  editing,
  onLongPress,
  onToggleFavourite,
  label,
}: {
  rows: readonly Quotation[];
  favourites: ReadonlySet<string> | null;
  editing: boolean;
  onLongPress: (row: Quotation) => void;
  onToggleFavourite: (symbol: string) => void;
  label: string;
}) {
  const { t, i18n } = useLingui();
  const locale = useStore($localeTag);
  const [sort, setSort] = useState<SortState | null>(null);
  const [epoch, setEpoch] = useState(0);
  const live = sort !== null && sort.key !== 'symbol';
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setEpoch((n) => n + 1), RESORT_MS);
    return () => clearInterval(timer);
  }, [live]);

  const sorted = useMemo(() => {
    return sortQuotes(rows, sort, (row) => {
      const q = quoteOf(row.symbol);
      return { symbol: row.symbol, last: q?.last ?? row.last, change_pct: q?.change_pct ?? row.change_pct };
    });
  }, [rows, sort, epoch]);

  // One set of handlers for every row: a tap opens the pair, a long press offers its actions.
  const rowOf = (target: EventTarget | null) => {
    const symbol = (target as Element | null)?.closest?.('[data-symbol]')?.getAttribute('data-symbol');
    return symbol ? rows.find((r) => r.symbol === symbol) : undefined;
  };
  const press = useLongPress((target) => {
    const row = rowOf(target);
    if (row) onLongPress(row);
  });
  const onClick = (e: MouseEvent) => {
    if (press.consumed()) return e.preventDefault();
    if ((e.target as Element).closest('a, button')) return;
    const row = rowOf(e.target);
    if (row) navigate(pairPath(row.symbol));
  };

  // Made here, not in the body: a scroll renders the body, and a new locale renders this.
  const id = `${locale}|${i18n.locale}`;
  const format = useMemo<RowFormat>(() => {
    // The catalog's "Vol {volume}", split around its figure: the socket worker has no catalog.
    const volume = FIGURE_MARK;
    return { id, locale, volume: labelAround(t`Vol ${volume}`) };
  }, [id]);
  const texts: RowTexts = {
    format,
    starLabel: (base, on) => (on ? t`Remove ${base} from favourites` : t`Add ${base} to favourites`),
  };
  // The socket worker writes the figures of these rows' quotes in this format, off the main thread.
  useEffect(() => holdRowFormat(format, rows.map((row) => [row.symbol, row.tick_size])), [format, rows]);
  const dirOf = (key: SortKey) => (sort?.key === key ? sort.dir : null);
  const sortBy = useCallback((key: SortKey) => setSort((s) => nextSort(s, key)), []);

  return (
    <div role="table" class="market-table" aria-label={label} aria-rowcount={sorted.length + 1}>
      <div role="rowgroup" class="market-table__head">
        <div role="row" class="market-table__head-row" aria-rowindex={1}>
          <SortHeader label={t`Trading pair`} dir={dirOf('symbol')} onSort={() => sortBy('symbol')} />
          <SortHeader label={t`Last price`} dir={dirOf('last')} onSort={() => sortBy('last')} align="end" />
          <SortHeader label={editing ? t`Favourite` : t`24h change`} dir={dirOf('change')} onSort={() => sortBy('change')} align="end" />
        </div>
      </div>
      <MarketBody sorted={sorted} editing={editing} favourites={favourites} onToggleFavourite={onToggleFavourite} texts={texts} onClick={onClick} handlers={press.handlers} />
    </div>
  );
}

type LongPressHandlers = ReturnType<typeof useLongPress>['handlers'];

interface MarketBodyProps {
  sorted: readonly Quotation[];
  editing: boolean;
  favourites: ReadonlySet<string> | null;
  onToggleFavourite: (symbol: string) => void;
  texts: RowTexts;
  onClick: (e: MouseEvent) => void;
  handlers: LongPressHandlers;
}

/**
 * The table's window-virtualised rows: TanStack Virtual works out which rows the window holds
 * (use-window-rows.ts) and a QuoteRowPool writes them. Nothing here renders on a scroll: this
 * component renders an empty body when its props change, and the rows go straight to the pool.
 */
function MarketBody({ sorted, editing, favourites, onToggleFavourite, texts, onClick, handlers }: MarketBodyProps) {
  const body = useRef<HTMLDivElement>(null);
  const pool = useRef<QuoteRowPool | null>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = body.current;
    if (el) setMargin(el.getBoundingClientRect().top + scrollY);
  }, [sorted.length > 0]);

  useWindowRows(
    {
      count: sorted.length,
      rowHeight: ROW_HEIGHT_PX,
      overscan: 6,
      scrollMargin: margin,
      // Stable while the order is: the virtualizer works out every row's place again whenever it changes.
      getItemKey: useCallback((index: number) => sorted[index]!.symbol, [sorted]),
    },
    ({ items, visible, totalSize, scrolling, sameItems }) => {
      // Most steps of a scroll move only which of the same rows are on screen (stickyRange).
      if (sameItems && scrolling && pool.current) return pool.current.see(visible);
      const el = body.current!;
      el.style.height = `${totalSize}px`;
      pool.current ??= new QuoteRowPool(el);
      pool.current.show({ rows: items.map((item) => ({ row: sorted[item.index]!, index: item.index, top: item.start - margin })), visible, editing, favourites, onToggleFavourite, texts, scrolling });
    },
  );
  useLayoutEffect(() => () => pool.current?.clear(), []);

  return <div role="rowgroup" ref={body} class="market-table__body" onClick={onClick} {...handlers} />;
}
