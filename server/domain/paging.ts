import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../contract/envelope.ts';

export interface Paging {
  page: number;
  limit: number;
  offset: number;
}

/** Page from 1; limit defaults to 10 and is capped at 50 so no caller can ask for the whole table. */
export function toPaging(page: number | undefined, limit: number | undefined): Paging {
  const p = Math.max(1, page ?? 1);
  const l = Math.min(PAGE_LIMIT_MAX, Math.max(1, limit ?? PAGE_LIMIT_DEFAULT));
  return { page: p, limit: l, offset: (p - 1) * l };
}
