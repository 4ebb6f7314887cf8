import { orderKey } from './decimal-units.ts';

/** A market list column that sorts. */
export type SortKey = 'symbol' | 'last' | 'change';
export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  dir: SortDir;
}

/** Tapping a header cycles ascending, descending, unsorted; another column starts at ascending. */
export function nextSort(current: SortState | null, key: SortKey): SortState | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

export interface SortableQuote {
  symbol: string;
  last: string;
  change_pct: string;
}

/**
 * The rows in the order of `sort` (a new array; unsorted keeps the given order). Prices and changes
 * compare as exact decimals; a malformed value sorts last either way; ties keep the given order.
 */
export function sortQuotes<T>(rows: readonly T[], sort: SortState | null, quoteOf: (row: T) => SortableQuote): T[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  if (sort.key === 'symbol') {
    const keyed = rows.map((row, i) => ({ row, i, name: quoteOf(row).symbol }));
    keyed.sort((a, b) => (a.name < b.name ? -sign : a.name > b.name ? sign : a.i - b.i));
    return keyed.map((k) => k.row);
  }
  // Keys once per row (a BigInt each), not once per comparison.
  const keyed = rows.map((row, i) => {
    const q = quoteOf(row);
    return { row, i, key: orderKey(sort.key === 'last' ? q.last : q.change_pct) };
  });
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === b.key ? a.i - b.i : a.key === null ? 1 : -1;
    return a.key < b.key ? -sign : a.key > b.key ? sign : a.i - b.i;
  });
  return keyed.map((k) => k.row);
}
