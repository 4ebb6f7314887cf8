import type { Generated } from 'kysely';

export interface DueWorkTables {
  due_work: DueWorkTable;
}

/**
 * Work due at a time (dividends, settlements, allocations, auction ends, ...). (kind, item_key) is
 * the item's natural key, so scheduling it twice is a no-op; `state` goes pending -> done in the
 * same transaction as the work's money effect, so a crash leaves it pending and it runs once later.
 */
export interface DueWorkTable {
  id: Generated<number>;
  /** The handler: "<module>.<what>", e.g. "lockming.dividend". */
  kind: string;
  /** Natural key within the kind, e.g. "order:12:2026-12-01". */
  item_key: string;
  /** ISO-8601 UTC; the item runs at the first pass at or after it. */
  due_at: string;
  /** JSON the handler reads; never money as a float. */
  payload: string;
  state: 'pending' | 'done';
  /** Failed runs (the handler threw); each failure backs the item off. */
  attempts: number;
  last_error: string | null;
  done_at: string | null;
  created_at: string;
}
