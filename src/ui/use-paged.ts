import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Page } from '../../contract/envelope.ts';
import { useOnline } from './use-online.ts';

/** A page with the time it was current (api/client.ts Served): an offline copy's is old. */
export interface DatedPage<T> {
  data: Page<T>;
  asOf: number;
}

export interface Paged<T> {
  items: T[];
  /** True until the first page has arrived (or failed). */
  initial: boolean;
  loading: boolean;
  error: unknown;
  /** Every page has been read: the list shows "No more data". */
  done: boolean;
  /** When the oldest page shown was current, for loaders that say (an offline copy's is old); else null. */
  asOf: number | null;
  /** The last read failed while the device was offline. */
  offline: boolean;
  /** The device is online (as its online and offline events say). */
  online: boolean;
  loadMore: () => void;
  reload: () => void;
}

const isDated = <T>(answer: Page<T> | DatedPage<T>): answer is DatedPage<T> => 'asOf' in answer;

interface PagedState<T> {
  items: T[];
  page: number;
  done: boolean;
  loading: boolean;
  error: unknown;
  initial: boolean;
  asOf: number | null;
  offline: boolean;
  /** A page shown was answered while the device was offline (the worker's copy). */
  readOffline: boolean;
}

const fresh = <T>(): PagedState<T> => ({ items: [], page: 0, done: false, loading: true, error: undefined, initial: true, asOf: null, offline: false, readOffline: false });

/**
 * A list read page by page (`page` from 1). Changing `deps` or calling reload starts over; an
 * answer for an older start never lands in the new list. A list that failed to load (offline, say)
 * starts over when the device is back online.
 */
export function usePaged<T>(load: (page: number, limit: number) => Promise<Page<T> | DatedPage<T>>, deps: readonly unknown[], limit = 10): Paged<T> {
  const [state, setState] = useState<PagedState<T>>(fresh);
  const generation = useRef(0);
  const busy = useRef(false);

  const fetchPage = useCallback(
    (page: number, reset: boolean) => {
      const gen = generation.current;
      busy.current = true;
      setState((prev) => ({ ...prev, loading: true, error: undefined }));
      load(page, limit).then(
        (answer) => {
          if (gen !== generation.current) return;
          busy.current = false;
          const [pageData, asOf] = isDated(answer) ? [answer.data, answer.asOf] : [answer, null];
          const readOffline = !navigator.onLine;
          setState((prev) => {
            const items = reset ? pageData.data : [...prev.items, ...pageData.data];
            const done = pageData.data.length < limit || items.length >= pageData.total;
            const before = reset ? null : prev.asOf;
            return {
              items, page, done, loading: false, error: undefined, initial: false,
              asOf: before === null || asOf === null ? (asOf ?? before) : Math.min(before, asOf),
              offline: false, readOffline: readOffline || (!reset && prev.readOffline),
            };
          });
        },
        (error: unknown) => {
          if (gen !== generation.current) return;
          busy.current = false;
          setState((prev) => ({ ...prev, loading: false, error, initial: reset ? prev.initial && prev.items.length === 0 : prev.initial, offline: !navigator.onLine }));
        },
      );
    },
    [load, limit],
  );

  useEffect(() => {
    generation.current += 1;
    setState(fresh<T>());
    fetchPage(1, true);
  }, deps);

  const loadMore = () => {
    if (busy.current || state.done) return;
    fetchPage(state.page + 1, false);
  };
  const reload = () => {
    generation.current += 1;
    fetchPage(1, true);
  };
  // Back online: a list shown from the worker's offline copy, or whose first page failed, starts
  // over; one whose further page failed reads that page again (the rows above stay).
  const online = useOnline(() => {
    if (state.readOffline || (state.error !== undefined && state.items.length === 0)) reload();
    else if (state.error !== undefined) loadMore();
  });
  const { items, initial, loading, error, done, asOf, offline } = state;
  return { items, initial, loading, error, done, asOf, offline, online, loadMore, reload };
}
