import { atom, type WritableAtom } from 'nanostores';

/**
 * An atom mirrored to localStorage under `key`. Storage can throw (private mode, quota), and the
 * app must still run, so every access is guarded.
 */
function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function persistentAtom<T extends string>(key: string, initial: T, accept: (v: string) => v is T): WritableAtom<T> {
  const stored = readStored(key);
  const store = atom<T>(stored !== null && accept(stored) ? stored : initial);
  store.listen((value) => {
    try {
      if (value === '') localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      // Not persisting is acceptable; losing the in-memory value is not.
    }
  });
  return store;
}

export const anyString = (_v: string): _v is string => true;
