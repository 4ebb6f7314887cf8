import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { useOnline } from './use-online.ts';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** The last load failed while the device was offline (it loads again when the network is back). */
  offline?: boolean;
  reload: () => void;
}

/**
 * Runs `load` when `deps` change, and again when the device comes back online; keeps the latest
 * answer, and a stale answer never overwrites a newer one. `initial`, asked once as the component
 * mounts, may hand over data already in hand (an early read that has arrived, api/early.ts): the
 * first render shows it and the first `load` is skipped.
 */
export function useResource<T>(load: () => Promise<T>, deps: readonly unknown[], initial?: () => T | undefined): Resource<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean; offline: boolean }>(() => {
    const data = initial?.();
    return { data, error: undefined, loading: data === undefined, offline: false };
  });
  const [nonce, setNonce] = useState(0);
  const given = useRef(state.data !== undefined);
  useEffect(() => {
    if (given.current) {
      given.current = false;
      return undefined;
    }
    let current = true;
    // On mount it is loading already: a new object here would re-render the whole screen once more
    // for nothing, in the first task after its first paint.
    setState((prev) => (prev.loading ? prev : { ...prev, loading: true }));
    load().then(
      (data) => current && setState({ data, error: undefined, loading: false, offline: false }),
      (error: unknown) => current && setState((prev) => ({ data: prev.data, error, loading: false, offline: !navigator.onLine })),
    );
    return () => {
      current = false;
    };
  }, [...deps, nonce]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  // Back online, whatever the screen shows (an offline copy, or a load error) is fetched again.
  useOnline(reload);
  return { ...state, reload };
}
