import { FIAT_CODES } from '../../contract/api/wallet.ts';

/** Rates older than this are refreshed (section 9); until the refresh lands, the old ones are served. */
export const RATES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Units of each fiat per 1 USD, served when the public rates source has never answered (no network,
 * source down). Round figures as of the date below; the answer carries that date as saveTime so the
 * client can tell they are old.
 */
export const FALLBACK_FIAT_RATES: Readonly<Record<(typeof FIAT_CODES)[number], string>> = {
  USD: '1', CNY: '7.1', GBP: '0.76', HKD: '7.78', JPY: '150', EUR: '0.86', AED: '3.6725', THB: '32.5',
  PHP: '58.5', SGD: '1.3', VND: '26300',
};
export const FALLBACK_RATES_SAVED_AT = Date.UTC(2026, 10, 1);

const RATE_TEXT = /^\d{1,12}(\.\d{1,12})?$/;

/**
 * Reads a rates payload ({"rates": {"CNY": 7.1, ...}} as open.er-api.com, exchangerate.host and
 * most free sources answer) into decimal strings for our fiat codes. Numbers are only re-printed
 * (never computed with); anything that does not print as a plain positive decimal is dropped.
 * Null unless every fiat code has a rate, so a half answer never replaces a whole table.
 */
export function parseRatesPayload(payload: unknown): Record<string, string> | null {
  const rates = (payload as { rates?: unknown } | null)?.rates;
  if (!rates || typeof rates !== 'object') return null;
  const out: Record<string, string> = {};
  for (const code of FIAT_CODES) {
    const value = (rates as Record<string, unknown>)[code];
    const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
    if (!RATE_TEXT.test(text) || /^0+(\.0+)?$/.test(text)) return null;
    out[code] = text;
  }
  out.USD = '1';
  return out;
}

export const ratesStale = (savedAtMs: number, nowMs: number): boolean => nowMs - savedAtMs >= RATES_MAX_AGE_MS;
