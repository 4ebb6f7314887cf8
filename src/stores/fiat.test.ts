import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $fiat,
  $fiats,
  FIAT_MAX_AGE_MS,
  FIAT_RETRY_MS,
  cleanRates,
  refreshFiatsIfStale,
  refreshShownFiats,
  resetFiatsForTest,
  restoreFiats,
  setFiat,
  setFiatStorage,
  startFiatRates,
  type FiatStorage,
} from './fiat.ts';

/** Boot with `fetchRates`, then a refresh as a screen showing fiat values would ask for it. */
async function syncFiats(fetchRates: () => Promise<readonly unknown[]>, options: { now: number; online?: boolean }) {
  await startFiatRates(fetchRates);
  await refreshFiatsIfStale(options);
}

/** IndexedDB stand-in (jsdom has none): a Map, with writes settled before the test reads them. */
function memoryStorage(initial: Record<string, unknown> = {}): FiatStorage & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => void data.set(key, structuredClone(value)),
  };
}

const DAY = FIAT_MAX_AGE_MS;
const NOW = Date.UTC(2026, 10, 21, 10, 0);
const RATES = [
  { currency_code: 'CNY', rate: '7.1', saveTime: NOW - 1000 },
  { currency_code: 'EUR', rate: '0.92', saveTime: NOW - 1000 },
];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let store: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  store = memoryStorage();
  setFiatStorage(store);
  resetFiatsForTest();
});
afterEach(() => setFiatStorage(null));

describe('cleanRates', () => {
  it('keeps only the fiats of section 9 with a positive decimal rate, USD first at 1', () => {
    const list = cleanRates(
      [
        { currency_code: 'EUR', rate: '0.92', saveTime: 5 },
        { currency_code: 'USD', rate: '1.5', saveTime: 5 },
        { currency_code: 'XYZ', rate: '3', saveTime: 5 },
        { currency_code: 'JPY', rate: 'abc', saveTime: 5 },
        { currency_code: 'GBP', rate: '0', saveTime: 5 },
        { currency_code: 'CNY', rate: 7.1, saveTime: 5 },
        null,
        { currency_code: 'HKD', rate: '7.8' },
      ],
      9,
    );
    expect(list).toEqual([
      { currency_code: 'USD', rate: '1', saveTime: 9 },
      { currency_code: 'HKD', rate: '7.8', saveTime: 9 },
      { currency_code: 'EUR', rate: '0.92', saveTime: 5 },
    ]);
  });
});

describe('startFiatRates and refreshFiatsIfStale', () => {
  it('at boot restores the saved list; fetches only once a screen shows values in a fiat other than USD', async () => {
    store.data.set('fiat-rates', { saveTime: NOW - 2 * DAY, list: cleanRates(RATES, NOW - 2 * DAY) });
    const fetchRates = vi.fn(async () => RATES);
    await startFiatRates(fetchRates);
    expect($fiats.get()).toHaveLength(3);
    expect(fetchRates).not.toHaveBeenCalled();

    // A screen in USD: the rate is 1 whatever the list says, so nothing is fetched.
    const stop = $fiat.subscribe(() => undefined);
    await refreshShownFiats();
    expect(fetchRates).not.toHaveBeenCalled();
    stop();

    // The reader chose CNY: a screen showing it refreshes the stale list.
    expect(setFiat('CNY')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // nanostores unmounts 1 s after the last listener
    const stopAgain = $fiat.subscribe(() => undefined);
    await vi.waitFor(() => expect(fetchRates).toHaveBeenCalledOnce());
    stopAgain();
  });

  it('after a failed fetch waits before asking again, unless told to retry now (back online)', async () => {
    const fetchRates = vi.fn(async () => Promise.reject(new Error('NETWORK')));
    await syncFiats(fetchRates, { now: NOW });
    await refreshFiatsIfStale({ now: NOW + FIAT_RETRY_MS - 1 });
    expect(fetchRates).toHaveBeenCalledTimes(1);
    await refreshFiatsIfStale({ now: NOW + 1000, retryNow: true });
    expect(fetchRates).toHaveBeenCalledTimes(2);
    await refreshFiatsIfStale({ now: NOW + 1000 + FIAT_RETRY_MS });
    expect(fetchRates).toHaveBeenCalledTimes(3);
  });

  it('without a saved list, fetches, uses and saves the rates with their save time', async () => {
    const fetchRates = vi.fn(async () => RATES);
    await syncFiats(fetchRates, { now: NOW });
    expect(fetchRates).toHaveBeenCalledOnce();
    expect($fiats.get().map((f) => f.currency_code)).toEqual(['USD', 'CNY', 'EUR']);
    await settle();
    expect(store.data.get('fiat-rates')).toMatchObject({ saveTime: NOW, list: [{ currency_code: 'USD', rate: '1' }, { currency_code: 'CNY', rate: '7.1' }, { currency_code: 'EUR' }] });
  });

  it('uses a saved list younger than 24 h without fetching, and restores the chosen currency', async () => {
    store.data.set('fiat-rates', { saveTime: NOW - DAY + 60_000, list: cleanRates(RATES, NOW - DAY) });
    store.data.set('fiat', { currency_code: 'EUR', rate: '0.5', saveTime: 0 });
    const fetchRates = vi.fn(async () => RATES);
    await syncFiats(fetchRates, { now: NOW });
    expect(fetchRates).not.toHaveBeenCalled();
    // The rate comes from the saved list, not from the stale copy kept with the choice.
    expect($fiat.get()).toMatchObject({ currency_code: 'EUR', rate: '0.92' });
  });

  it('refreshes a list 24 h old and moves the chosen currency to its new rate', async () => {
    store.data.set('fiat-rates', { saveTime: NOW - DAY, list: cleanRates(RATES, NOW - DAY) });
    store.data.set('fiat', { currency_code: 'CNY', rate: '7.1', saveTime: 0 });
    await syncFiats(async () => [{ currency_code: 'CNY', rate: '7.25', saveTime: NOW }], { now: NOW });
    expect($fiat.get()).toMatchObject({ currency_code: 'CNY', rate: '7.25' });
    await settle();
    expect(store.data.get('fiat')).toMatchObject({ currency_code: 'CNY', rate: '7.25' });
  });

  it('offline, keeps the saved list however old it is and does not fetch', async () => {
    store.data.set('fiat-rates', { saveTime: NOW - 10 * DAY, list: cleanRates(RATES, NOW - 10 * DAY) });
    store.data.set('fiat', { currency_code: 'CNY', rate: '7.1', saveTime: 0 });
    const fetchRates = vi.fn(async () => RATES);
    await syncFiats(fetchRates, { now: NOW, online: false });
    expect(fetchRates).not.toHaveBeenCalled();
    expect($fiat.get()).toMatchObject({ currency_code: 'CNY', rate: '7.1' });
  });

  it('keeps USD at 1 when the endpoint is missing and nothing is saved', async () => {
    await syncFiats(async () => Promise.reject(new Error('HTTP_404')), { now: NOW });
    expect($fiats.get()).toEqual([{ currency_code: 'USD', rate: '1', saveTime: 0 }]);
    expect($fiat.get()).toMatchObject({ currency_code: 'USD', rate: '1' });
  });

  it('survives broken storage: reads and writes that fail leave USD 1 and the fetched list', async () => {
    setFiatStorage({ get: () => Promise.reject(new Error('blocked')), set: () => Promise.reject(new Error('blocked')) });
    await syncFiats(async () => RATES, { now: NOW });
    expect($fiats.get()).toHaveLength(3);
  });
});

describe('setFiat and lists set by a screen', () => {
  it('saves a list a screen put in $fiats, and the choice made from it', async () => {
    $fiats.set(cleanRates(RATES, NOW));
    expect(setFiat('EUR')).toBe(true);
    expect(setFiat('VND')).toBe(false);
    await settle();
    expect(store.data.get('fiat')).toMatchObject({ currency_code: 'EUR', rate: '0.92' });
    expect(store.data.get('fiat-rates')).toMatchObject({ list: [{ currency_code: 'USD' }, { currency_code: 'CNY' }, { currency_code: 'EUR' }] });

    // A fresh start (reload, offline cold start) comes back to the same choice.
    resetFiatsForTest();
    await restoreFiats();
    expect($fiat.get()).toMatchObject({ currency_code: 'EUR', rate: '0.92' });
  });
});
