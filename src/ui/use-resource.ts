import { useCallback, useEffect, useState } from 'preact/hooks';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` when `deps` change, and again when the device comes back online; keeps the latest
 * answer, and a stale answer never overwrites a newer one.
 */
export function useResource<T>(load: () => Promise<T>, deps: readonly unknown[]): Resource<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: undefined, loading: true });
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    let current = true;
    setState((prev) => ({ ...prev, loading: true }));
    load().then(
      (data) => current && setState({ data, error: undefined, loading: false }),
      (error: unknown) => current && setState((prev) => ({ data: prev.data, error, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [...deps, nonce]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  // Back online, whatever the screen shows (an offline copy, or a load error) is fetched again.
  useEffect(() => {
    addEventListener('online', reload);
    return () => removeEventListener('online', reload);
  }, [reload]);
  return { ...state, reload };
}
