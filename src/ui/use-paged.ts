import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Page } from '../../contract/envelope.ts';

export interface Paged<T> {
  items: T[];
  /** True until the first page has arrived (or failed). */
  initial: boolean;
  loading: boolean;
  error: unknown;
  /** Every page has been read: the list shows "No more data". */
  done: boolean;
  loadMore: () => void;
  reload: () => void;
}

/**
 * A list read page by page (`page` from 1). Changing `deps` or calling reload starts over; an
 * answer for an older start never lands in the new list.
 */
export function usePaged<T>(load: (page: number, limit: number) => Promise<Page<T>>, deps: readonly unknown[], limit = 10): Paged<T> {
  const [state, setState] = useState<{ items: T[]; page: number; done: boolean; loading: boolean; error: unknown; initial: boolean }>({
    items: [],
    page: 0,
    done: false,
    loading: true,
    error: undefined,
    initial: true,
  });
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
          setState((prev) => {
            const items = reset ? answer.data : [...prev.items, ...answer.data];
            const done = answer.data.length < limit || items.length >= answer.total;
            return { items, page, done, loading: false, error: undefined, initial: false };
          });
        },
        (error: unknown) => {
          if (gen !== generation.current) return;
          busy.current = false;
          setState((prev) => ({ ...prev, loading: false, error, initial: reset ? prev.initial && prev.items.length === 0 : prev.initial }));
        },
      );
    },
    [load, limit],
  );

  useEffect(() => {
    generation.current += 1;
    setState({ items: [], page: 0, done: false, loading: true, error: undefined, initial: true });
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
  return { items: state.items, initial: state.initial, loading: state.loading, error: state.error, done: state.done, loadMore, reload };
}
