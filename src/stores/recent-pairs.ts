import { atom } from 'nanostores';
import { readStored, writeStored } from '../lib/device-storage.ts';
import { whenIdle } from '../lib/when-idle.ts';

/** Pairs opened lately, newest first, kept on the device (section 1: "recent view"). */
export const RECENT_MAX = 10;
const RECENT_KEY = 'recent_pairs';
/** The pair the trade tab opens on: the one traded last. */
const LAST_PAIR_KEY = 'last_pair';
export const DEFAULT_PAIR = 'BTC/USDT';

const SYMBOL_RE = /^[A-Z0-9]{1,12}\/[A-Z0-9]{1,12}$/;
export const isSymbol = (s: string): boolean => SYMBOL_RE.test(s);

function readList(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStored(RECENT_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string' && isSymbol(s)).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/**
 * Writes waiting for an idle moment. Opening a pair records it from the trading screen's first
 * effects, and a page's first localStorage write is a synchronous call into the browser (6.5 ms
 * unthrottled in a profile of the coin trading screen's cold start, inside its first render's task);
 * the atom changes at once, the device copy when the page is idle, or as it is hidden.
 */
const pending = new Map<string, string | null>();
let scheduled = false;

function flushWrites(): void {
  scheduled = false;
  // Storage full or blocked: the list lives for this visit only.
  for (const [key, value] of pending) writeStored(key, value);
  pending.clear();
}

function writeSoon(key: string, value: string | null): void {
  pending.set(key, value);
  if (scheduled) return;
  scheduled = true;
  whenIdle(flushWrites, 1000);
}

// A phone may discard a page in the background without firing pagehide: hidden is the last sure moment.
if (typeof document !== 'undefined') {
  addEventListener('pagehide', flushWrites);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushWrites();
  });
}

export const $recentPairs = atom<string[]>(typeof localStorage === 'undefined' ? [] : readList());

export function recordRecentPair(symbol: string): void {
  if (!isSymbol(symbol)) return;
  const next = [symbol, ...$recentPairs.get().filter((s) => s !== symbol)].slice(0, RECENT_MAX);
  $recentPairs.set(next);
  writeSoon(RECENT_KEY, JSON.stringify(next));
  writeSoon(LAST_PAIR_KEY, symbol);
}

export function clearRecentPairs(): void {
  $recentPairs.set([]);
  writeSoon(RECENT_KEY, null);
}

export function lastPair(): string {
  const s = pending.get(LAST_PAIR_KEY) ?? readStored(LAST_PAIR_KEY) ?? '';
  return isSymbol(s) ? s : DEFAULT_PAIR;
}
