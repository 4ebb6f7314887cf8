import { useSyncExternalStore } from 'preact/compat';
import { currentRoute, navigate } from '../lib/hash-route.ts';

function subscribe(callback: () => void): () => void {
  addEventListener('hashchange', callback);
  return () => removeEventListener('hashchange', callback);
}

const getPath = () => currentRoute().path;
const getSearch = () => currentRoute().search;

/** wouter location hook over the hash path (the part before `?`). */
export function useHashPath(): [string, (to: string, options?: { replace?: boolean }) => void] {
  return [useSyncExternalStore(subscribe, getPath), navigate];
}

/** wouter search hook over the query inside the hash. */
export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, getSearch);
}
