/**
 * Countdown arithmetic for seconds options. The server's clock decides expiry, so the phone's clock
 * is corrected by an offset (server time minus local time) estimated from the socket's `hello`
 * (server_time) or from an answer's time. Times are epoch milliseconds (not money: Number is fine).
 */

/** server time - local time, from a server timestamp and the local time it was received at. */
export function clockOffsetMs(serverTime: string | number, receivedAtLocalMs: number): number | null {
  const server = typeof serverTime === 'number' ? serverTime : Date.parse(serverTime);
  if (!Number.isFinite(server) || !Number.isFinite(receivedAtLocalMs)) return null;
  return server - receivedAtLocalMs;
}

/** Milliseconds left until `expiresAtMs` (server clock) at local time `localNowMs`; never below 0. */
export function remainingMs(expiresAtMs: number, localNowMs: number, offsetMs: number): number {
  return Math.max(0, expiresAtMs - (localNowMs + offsetMs));
}

/** Whole seconds shown: rounded up, so "1" shows until the very end and "0" only at expiry. */
export function remainingSeconds(expiresAtMs: number, localNowMs: number, offsetMs: number): number {
  return Math.ceil(remainingMs(expiresAtMs, localNowMs, offsetMs) / 1000);
}

/** "0:27", "2:00", "1:02:03" for long expiries. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Share of the period elapsed, 0..1, for a progress ring. */
export function elapsedShare(expiresAtMs: number, periodSeconds: number, localNowMs: number, offsetMs: number): number {
  if (periodSeconds <= 0) return 1;
  const left = remainingMs(expiresAtMs, localNowMs, offsetMs);
  return Math.min(1, Math.max(0, 1 - left / (periodSeconds * 1000)));
}

/**
 * After expiry the result comes on the `option` event; if it has not come this long after the
 * countdown ended, the screen asks /microtrade/get_result, then again every POLL_EVERY_MS.
 */
export const RESULT_GRACE_MS = 2_000;
export const POLL_EVERY_MS = 2_000;
/** Polling stops after this many tries (about two minutes); the lists still show the result later. */
export const POLL_TRIES_MAX = 60;
