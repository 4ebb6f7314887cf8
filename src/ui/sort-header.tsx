import type { ComponentChildren } from 'preact';
import { IconSort } from './market-icons.tsx';

/**
 * A column header that sorts: a tap cycles ascending, descending, unsorted. The state is told to
 * assistive technology with aria-sort on the header cell.
 */
export function SortHeader({ label, dir, onSort, align = 'start' }: { label: ComponentChildren; dir: 'asc' | 'desc' | null; onSort: () => void; align?: 'start' | 'end' }) {
  return (
    <div role="columnheader" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'} class={`sort-header sort-header--${align}`}>
      <button type="button" onClick={onSort}>
        <span>{label}</span>
        <IconSort active={dir} />
      </button>
    </div>
  );
}
