/**
 * Countdown arithmetic for sales. The server's clock decides the phases, so the device's clock is
 * corrected by the offset an answer carried (server time minus local time when it arrived). Epoch
 * milliseconds, not money: Number is fine.
 */

/** Milliseconds until `atMs` (server clock) at local time `localNowMs`; never below 0. */
export function msUntil(atMs: number, localNowMs: number, offsetMs: number): number {
  return Math.max(0, atMs - (localNowMs + offsetMs));
}

export interface CountdownParts {
  days: number;
  /** "03:04:05" */
  clock: string;
}

/** Whole seconds rounded up (so 0 only at the moment itself), as days and hh:mm:ss. */
export function countdownParts(ms: number): CountdownParts {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const days = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { days, clock: `${pad(h)}:${pad(m)}:${pad(s)}` };
}
