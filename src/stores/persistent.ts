import { atom, type WritableAtom } from 'nanostores';
import { readStored, writeStored } from '../lib/device-storage.ts';

/**
 * An atom mirrored to localStorage under `key` (the empty string removes it). Not persisting is
 * acceptable; losing the in-memory value is not.
 */
export function persistentAtom<T extends string>(key: string, initial: T, accept: (v: string) => v is T): WritableAtom<T> {
  const stored = readStored(key);
  const store = atom<T>(stored !== null && accept(stored) ? stored : initial);
  store.listen((value) => void writeStored(key, value === '' ? null : value));
  return store;
}

export const anyString = (_v: string): _v is string => true;
