import { useSearch } from 'wouter';

/** The query inside the hash (`#/pages/ieo/subscribe?id=3`), read as URLSearchParams. */
export function useQuery(): URLSearchParams {
  return new URLSearchParams(useSearch());
}

/** A positive whole number from the query, or null. */
export function queryId(query: URLSearchParams, key: string): number | null {
  const raw = query.get(key) ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}
