import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/preact';
import { i18n } from '@lingui/core';
import type { Quotation } from '../../../contract/api/market.ts';
import type { Served } from '../../api/client.ts';
import { $favourites } from '../../stores/favourites.ts';
import { $token, endSession } from '../../stores/session.ts';
import { $toasts } from '../../stores/toast.ts';
import { loadFavourites, toggleFavourite, useFavouriteSet } from './favourites.ts';

const list = vi.fn<() => Promise<Served<Quotation[]>>>();
const add = vi.fn<(symbol: string) => Promise<unknown>>();
const remove = vi.fn<(symbol: string) => Promise<unknown>>();
vi.mock('../../api/market.ts', () => ({
  fetchFavourites: () => list(),
  addFavourite: (symbol: string) => add(symbol),
  removeFavourite: (symbol: string) => remove(symbol),
}));

const served = (...symbols: string[]): Served<Quotation[]> => ({ data: symbols.map((symbol) => ({ symbol }) as Quotation), asOf: 0 });

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  $token.set('T0K3N');
  add.mockResolvedValue(null);
  remove.mockResolvedValue(null);
});
afterEach(() => {
  cleanup();
  // The set goes with the session, and the next test's first load is a fresh one.
  endSession();
  $toasts.set([]);
  list.mockReset();
  add.mockReset();
  remove.mockReset();
});

describe('toggleFavourite', () => {
  it('after the list failed to load, a star reads it first and adds to it, not to a set made from nothing', async () => {
    list.mockRejectedValueOnce(new Error('network'));
    await loadFavourites();
    expect($favourites.get()).toBeNull();
    list.mockResolvedValueOnce(served('BTC/USDT', 'ETH/USDT'));
    await toggleFavourite('SOL/USDT');
    expect(add).toHaveBeenCalledWith('SOL/USDT');
    expect([...$favourites.get()!]).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
  });

  it('a star tapped while the set was unknown means add: a pair the server already lists stays', async () => {
    list.mockRejectedValueOnce(new Error('network'));
    await loadFavourites();
    list.mockResolvedValueOnce(served('BTC/USDT'));
    await toggleFavourite('BTC/USDT');
    expect(add).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    expect([...$favourites.get()!]).toEqual(['BTC/USDT']);
  });

  it('a star tapped while the first load is on its way waits for it, and the load does not undo the tap', async () => {
    let answer!: (list: Served<Quotation[]>) => void;
    list.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    void loadFavourites();
    const tapped = toggleFavourite('SOL/USDT');
    answer(served('BTC/USDT'));
    await tapped;
    expect([...$favourites.get()!]).toEqual(['BTC/USDT', 'SOL/USDT']);
  });

  it('when the list still cannot load, a tap changes nothing and says why', async () => {
    list.mockRejectedValue(new Error('network'));
    await toggleFavourite('SOL/USDT');
    expect(add).not.toHaveBeenCalled();
    expect($favourites.get()).toBeNull();
    expect($toasts.get().map((t) => [t.text, t.kind])).toEqual([['Network error, please try again later', 'error']]);
  });
});

describe('useFavouriteSet', () => {
  it('loads a set that failed again when the network comes back (the trade screen has no Retry of its own)', async () => {
    list.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(served('BTC/USDT'));
    const { result } = renderHook(() => useFavouriteSet());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(result.current).toBeNull();
    await act(async () => {
      dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect([...result.current!]).toEqual(['BTC/USDT']);
  });
});
