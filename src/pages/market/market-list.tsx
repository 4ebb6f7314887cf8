import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import { SlotKeys } from '../../lib/slot-keys.ts';
import { nextSort, sortQuotes, type SortKey, type SortState } from '../../lib/quote-sort.ts';
import { quoteOf } from '../../stores/quotes.ts';
import { SortHeader } from '../../ui/sort-header.tsx';
import { navigate } from '../../lib/hash-route.ts';
import { useLongPress } from './long-press.ts';
import { pairPath, QuoteRow, ROW_HEIGHT_PX } from './quote-row.tsx';

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
  const { t } = useLingui();
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
      <MarketBody sorted={sorted} editing={editing} favourites={favourites} onToggleFavourite={onToggleFavourite} onClick={onClick} handlers={press.handlers} />
    </div>
  );
}

type LongPressHandlers = ReturnType<typeof useLongPress>['handlers'];

interface MarketBodyProps {
  sorted: readonly Quotation[];
  editing: boolean;
  favourites: ReadonlySet<string> | null;
  onToggleFavourite: (symbol: string) => void;
  onClick: (e: MouseEvent) => void;
  handlers: LongPressHandlers;
}

/**
 * The table's window-virtualised rows, a component of their own so that a scroll renders the rows
 * and nothing of the headers. It renders only when the rows in the window change (the library's
 * `directDomUpdates` mode, which skips the render of a scroll that moves no row in or out; rows
 * have a fixed height and carry their own transform, so there are no positions for it to write).
 */
function MarketBody({ sorted, editing, favourites, onToggleFavourite, onClick, handlers }: MarketBodyProps) {
  const body = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = body.current;
    if (el) setMargin(el.getBoundingClientRect().top + scrollY);
  }, [sorted.length > 0]);

  const virtualizer = useWindowVirtualizer({
    count: sorted.length,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 6,
    scrollMargin: margin,
    useFlushSync: false,
    directDomUpdates: true,
    // Stable while the order is: the virtualizer works out every row's place again whenever it changes.
    getItemKey: useCallback((index: number) => sorted[index]!.symbol, [sorted]),
  });

  const items = virtualizer.getVirtualItems();
  const slots = useRef<SlotKeys | null>(null);
  const keys = (slots.current ??= new SlotKeys()).keysFor(items.map((item) => item.index));

  return (
    <div role="rowgroup" ref={body} class="market-table__body" style={{ height: `${virtualizer.getTotalSize()}px` }} onClick={onClick} {...handlers}>
      {items.map((item, i) => {
        const row = sorted[item.index]!;
        return (
          <div key={keys[i]} class="market-table__slot" role="none" style={{ transform: `translateY(${item.start - margin}px)`, height: `${ROW_HEIGHT_PX}px` }}>
            <QuoteRow row={row} rowIndex={item.index + 2} editing={editing} favourite={favourites?.has(row.symbol) ?? false} onToggleFavourite={onToggleFavourite} />
          </div>
        );
      })}
    </div>
  );
}
