/** A positive whole number from the query (`?id=3`), or null. */
export function idParam(search: string, name = 'id'): number | null {
  const raw = new URLSearchParams(search).get(name) ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}
