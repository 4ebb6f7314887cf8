import { atom, type WritableAtom } from 'nanostores';

/**
 * An atom mirrored to localStorage under `key`. Storage can throw (private mode, quota), and the
 * app must still run, so every access is guarded.
 */
export function persistentAtom<T extends string>(key: string, initial: T, accept: (v: string) => v is T): WritableAtom<T> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(key);
  } catch {
    stored = null;
  }
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

export const anyString = (v: string): v is string => true;
