import { atom, onMount } from 'nanostores';
import { createStore, get as idbGet, set as idbSet, type UseStore } from 'idb-keyval';
import { FIAT_CODES, type FiatRate } from '../../contract/api/wallet.ts';
import { isDecimalString } from '../lib/decimal.ts';

/** The user's display currency: `rate` is a decimal string (units per USD), `saveTime` epoch ms. */
export interface Fiat {
  currency_code: string;
  rate: string;
  saveTime: number;
}

export const DEFAULT_FIAT: Fiat = { currency_code: 'USD', rate: '1', saveTime: 0 };

/** Section 9: the fiat list is fetched again when the saved one is older than this. */
export const FIAT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const $fiat = atom<Fiat>(DEFAULT_FIAT);
export const $fiats = atom<Fiat[]>([DEFAULT_FIAT]);

/**
 * Where rates and the choice survive reloads and offline starts: IndexedDB through idb-keyval.
 * Swappable so unit tests (jsdom has no IndexedDB) can use a Map.
 */
export interface FiatStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

let idbStore: UseStore | undefined;
const indexedDbStorage: FiatStorage = {
  // Opened on first use, so importing this module never touches IndexedDB.
  get: (key) => idbGet(key, (idbStore ??= createStore('brisk', 'keyval'))),
  set: (key, value) => idbSet(key, value, (idbStore ??= createStore('brisk', 'keyval'))),
};
let storage: FiatStorage = indexedDbStorage;

export function setFiatStorage(next: FiatStorage | null): void {
  storage = next ?? indexedDbStorage;
}

const LIST_KEY = 'fiat-rates';
const CHOICE_KEY = 'fiat';

/** The saved list: every rate as fetched, and when this device fetched it. */
interface StoredRates {
  saveTime: number;
  list: Fiat[];
}

const ALLOWED = new Set<string>(FIAT_CODES);
const isPositiveRate = (rate: unknown): rate is string => isDecimalString(rate) && /[1-9]/.test(rate);

/** Only the fiats of section 9, with a positive decimal rate; USD is always there at 1. */
export function cleanRates(rates: readonly unknown[], saveTime: number): Fiat[] {
  const byCode = new Map<string, Fiat>();
  for (const item of rates) {
    if (typeof item !== 'object' || item === null) continue;
    const { currency_code: code, rate, saveTime: time } = item as Partial<FiatRate>;
    if (typeof code !== 'string' || !ALLOWED.has(code) || code === 'USD' || !isPositiveRate(rate)) continue;
    byCode.set(code, { currency_code: code, rate, saveTime: typeof time === 'number' && Number.isFinite(time) ? time : saveTime });
  }
  const usd = { ...DEFAULT_FIAT, saveTime };
  return [usd, ...FIAT_CODES.flatMap((code) => byCode.get(code) ?? [])];
}

function readStoredRates(value: unknown): StoredRates | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { saveTime, list } = value as Partial<StoredRates>;
  if (typeof saveTime !== 'number' || !Number.isFinite(saveTime) || !Array.isArray(list)) return undefined;
  return { saveTime, list: cleanRates(list, saveTime) };
}

/** The list saved last (or restored), so a change made elsewhere is told apart from our own. */
let lastSavedList: Fiat[] | undefined;
/** saveTime of the list in $fiats; 0 means "never fetched" (only USD 1 is known). */
let listSaveTime = 0;

export function fiatRatesStale(now: number): boolean {
  return listSaveTime === 0 || now - listSaveTime >= FIAT_MAX_AGE_MS;
}

function persist(key: string, value: unknown): void {
  // Losing the saved copy costs one fetch later; never a reason to break the screen.
  storage.set(key, value).catch(() => undefined);
}

/** Puts `list` in $fiats and keeps the chosen currency at its new rate (or USD when it is gone). */
function applyList(list: Fiat[], saveTime: number): void {
  lastSavedList = list;
  listSaveTime = saveTime;
  $fiats.set(list);
  const chosen = list.find((fiat) => fiat.currency_code === $fiat.get().currency_code);
  $fiat.set(chosen ?? DEFAULT_FIAT);
}

/** Replaces the list with a fresh answer of /wallet/getRateCurrency and saves it with its time. */
export function saveFiatRates(rates: readonly unknown[], now: number = Date.now()): void {
  const list = cleanRates(rates, now);
  applyList(list, now);
  persist(LIST_KEY, { saveTime: now, list } satisfies StoredRates);
  persist(CHOICE_KEY, $fiat.get());
}

// A screen that fetched the list itself (the settings picker) and set $fiats: keep that copy too.
$fiats.listen((list) => {
  if (list === lastSavedList) return;
  saveFiatRates(list);
});

/**
 * Makes `code` the display currency, at its rate in $fiats, and remembers the choice.
 * False when $fiats has no rate for `code`.
 */
export function setFiat(code: string): boolean {
  const next = $fiats.get().find((fiat) => fiat.currency_code === code);
  if (!next) return false;
  $fiat.set(next);
  persist(CHOICE_KEY, next);
  return true;
}

/** Reads the saved list and choice back (boot, offline start). Resolves when done; never rejects. */
export async function restoreFiats(): Promise<void> {
  const [storedList, storedChoice] = await Promise.all([storage.get(LIST_KEY), storage.get(CHOICE_KEY)]).catch(() => [undefined, undefined]);
  const saved = readStoredRates(storedList);
  // Something fetched meanwhile is newer than the saved copy.
  if (saved && saved.saveTime > listSaveTime) applyList(saved.list, saved.saveTime);
  const code = typeof storedChoice === 'object' && storedChoice !== null ? (storedChoice as Partial<Fiat>).currency_code : undefined;
  const chosen = $fiats.get().find((fiat) => fiat.currency_code === code);
  if (chosen) $fiat.set(chosen);
}

type RatesFetcher = () => Promise<readonly unknown[]>;

/** After a failed fetch (no network, or a server without the endpoint), wait this long to ask again. */
export const FIAT_RETRY_MS = 5 * 60_000;

let fetchRates: RatesFetcher | undefined;
let restored: Promise<void> | undefined;
let inFlight: Promise<void> | undefined;
let failedAt = 0;

/**
 * Boot: reads the saved rates back (so they work offline at once) and remembers how to fetch new
 * ones. The fetch itself waits until a screen shows fiat values ($fiat gets a listener) in a
 * currency other than USD (whose rate is always 1) and the list is older than 24 h: screens without
 * money, and the default USD reader, never pay for it.
 */
export function startFiatRates(fetcher: RatesFetcher): Promise<void> {
  fetchRates = fetcher;
  return refreshShownFiats();
}

/** Refreshes the rates if a screen shows a converted value now and they are stale. Never rejects. */
export async function refreshShownFiats(options: RefreshOptions = {}): Promise<void> {
  await (restored ??= restoreFiats());
  if ($fiat.lc > 0 && $fiat.get().currency_code !== DEFAULT_FIAT.currency_code) await refreshFiatsIfStale(options);
}

onMount($fiat, () => {
  void refreshShownFiats();
});

interface RefreshOptions {
  now?: number;
  online?: boolean;
  /** Ignore the wait after a failure (the network just came back). */
  retryNow?: boolean;
}

/**
 * Fetches the list when it is older than 24 h and the device is online. Without the network, or
 * while the server has no rates endpoint, the saved list (or USD at 1) stays. Never rejects.
 */
export async function refreshFiatsIfStale({ now = Date.now(), online = navigator.onLine, retryNow = false }: RefreshOptions = {}): Promise<void> {
  const fetcher = fetchRates;
  if (!fetcher) return;
  await (restored ??= restoreFiats());
  if (retryNow) failedAt = 0;
  if (!online || !fiatRatesStale(now) || (failedAt > 0 && now - failedAt < FIAT_RETRY_MS)) return;
  inFlight ??= fetcher()
    .then((rates) => {
      if (!Array.isArray(rates)) throw new Error('rates: not a list');
      saveFiatRates(rates, now);
      failedAt = 0;
    })
    .catch(() => {
      failedAt = now;
    })
    .finally(() => {
      inFlight = undefined;
    });
  await inFlight;
}

/** Tests: back to a fresh start. */
export function resetFiatsForTest(): void {
  fetchRates = undefined;
  restored = undefined;
  inFlight = undefined;
  failedAt = 0;
  lastSavedList = [DEFAULT_FIAT];
  listSaveTime = 0;
  $fiats.set(lastSavedList);
  $fiat.set(DEFAULT_FIAT);
}
