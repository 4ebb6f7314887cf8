import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { OptionOrder } from '../../../contract/api/contracts.ts';
import { fetchOptionResult, fetchOptions } from '../../api/options.ts';
import { holdContractEvents } from '../../realtime/contract-events.ts';
import { $serverClock, noteServerClock } from '../../stores/options-clock.ts';
import { useOnline } from '../../ui/use-online.ts';
import { clockOffsetMs, POLL_EVERY_MS, POLL_TRIES_MAX, remainingMs, RESULT_GRACE_MS } from './options-clock.ts';

/** The in-progress list shows this many (section 7: the options list's default limit). */
export const OPEN_SHOWN = 5;

export interface OptionsLive {
  /** Open options, newest first; null until known. */
  open: OptionOrder[] | null;
  /**
   * The last read of the list failed (and whether the device was offline then): what `open` holds
   * may not be all, and an empty one says nothing. Read again when the network returns.
   */
  failed: { offline: boolean } | null;
  /** Takes an option just placed (its answer's time tunes the clock). */
  add: (option: OptionOrder) => void;
  reload: () => void;
}

const newestFirst = (a: OptionOrder, b: OptionOrder) => b.id - a.id;

/**
 * The user's open options and their settlement: the list over HTTP, then the private `option` event
 * for each result. If a result has not come RESULT_GRACE_MS after the countdown ended (socket down,
 * event missed), /microtrade/get_result is asked every POLL_EVERY_MS until it has settled.
 * `onSettled` hears of every settled option once.
 */
export function useOptionsLive(token: string, onSettled: (option: OptionOrder) => void): OptionsLive {
  const [open, setOpen] = useState<OptionOrder[] | null>(null);
  const [failed, setFailed] = useState<{ offline: boolean } | null>(null);
  const openRef = useRef<OptionOrder[]>([]);
  const settledIds = useRef(new Set<number>());
  const polls = useRef(new Map<number, { tries: number; lastMs: number }>());
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  /** Bumped by every read and by a change of user: only the latest read's answer is taken. */
  const readNo = useRef(0);

  const commit = (next: OptionOrder[]) => {
    openRef.current = next;
    setOpen(next);
  };

  const settle = useCallback((option: OptionOrder) => {
    if (option.state !== 'settled' || settledIds.current.has(option.id)) return;
    settledIds.current.add(option.id);
    polls.current.delete(option.id);
    commit(openRef.current.filter((o) => o.id !== option.id));
    onSettledRef.current(option);
  }, []);

  const reload = useCallback(() => {
    if (!token) return;
    setFailed(null);
    const mine = ++readNo.current;
    fetchOptions({ status: 'in_progress', page: 1, limit: OPEN_SHOWN }).then(
      (served) => {
        // An older read (another user's, before a sign-in over it, or one a rejoin overtook) is stale.
        if (mine !== readNo.current) return;
        noteServerClock(served.asOf - Date.now(), 'date');
        const known = new Map(openRef.current.map((o) => [o.id, o]));
        for (const o of served.data.data) known.set(o.id, o);
        // Those the server no longer lists as open settled meanwhile: ask for their results.
        const listed = new Set(served.data.data.map((o) => o.id));
        for (const o of openRef.current) if (!listed.has(o.id)) void fetchOptionResult(o.id).then(settle, () => undefined);
        commit([...known.values()].filter((o) => listed.has(o.id) && !settledIds.current.has(o.id)).sort(newestFirst));
      },
      () => mine === readNo.current && setFailed({ offline: !navigator.onLine }),
    );
  }, [token, settle]);
  // Otherwise read again only when the socket joins the user's room anew.
  useOnline(() => {
    if (failed) reload();
  });

  useEffect(() => {
    readNo.current++;
    commit([]);
    setOpen(null);
    setFailed(null);
    if (!token) return;
    reload();
    return holdContractEvents(token, { option: (message) => settle(message.option), rejoined: reload });
  }, [token]);

  // The fallback: results that are late are asked for.
  useEffect(() => {
    if (!token) return;
    const timer = setInterval(() => {
      const now = Date.now();
      const { offsetMs } = $serverClock.get();
      for (const o of openRef.current) {
        const overdue = remainingMs(o.expires_at_ms + RESULT_GRACE_MS, now, offsetMs) === 0;
        const poll = polls.current.get(o.id) ?? { tries: 0, lastMs: 0 };
        if (!overdue || poll.tries >= POLL_TRIES_MAX || now - poll.lastMs < POLL_EVERY_MS) continue;
        polls.current.set(o.id, { tries: poll.tries + 1, lastMs: now });
        fetchOptionResult(o.id).then(settle, () => undefined);
      }
    }, 500);
    return () => clearInterval(timer);
  }, [token, settle]);

  const add = useCallback((option: OptionOrder) => {
    noteServerClock(clockOffsetMs(option.created_at, Date.now()), 'answer');
    if (option.state === 'settled') return settle(option);
    commit([option, ...openRef.current.filter((o) => o.id !== option.id)].sort(newestFirst));
  }, [settle]);

  return { open, failed, add, reload };
}
