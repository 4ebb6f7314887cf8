import { atom } from 'nanostores';

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
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string' && isSymbol(s)).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the list lives for this visit only.
  }
}

export const $recentPairs = atom<string[]>(typeof localStorage === 'undefined' ? [] : readList());

export function recordRecentPair(symbol: string): void {
  if (!isSymbol(symbol)) return;
  const next = [symbol, ...$recentPairs.get().filter((s) => s !== symbol)].slice(0, RECENT_MAX);
  $recentPairs.set(next);
  write(RECENT_KEY, JSON.stringify(next));
  write(LAST_PAIR_KEY, symbol);
}

export function clearRecentPairs(): void {
  $recentPairs.set([]);
  write(RECENT_KEY, null);
}

export function lastPair(): string {
  try {
    const s = localStorage.getItem(LAST_PAIR_KEY) ?? '';
    return isSymbol(s) ? s : DEFAULT_PAIR;
  } catch {
    return DEFAULT_PAIR;
  }
}
