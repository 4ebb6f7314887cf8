import { atom } from 'nanostores';

/**
 * The server's clock as seen from this device, for option countdowns: offset = server time - local
 * time in ms. Every measurement is a server timestamp minus the local time it was read at, so it
 * comes out low by however long the message took to arrive and be handled (and an HTTP Date header,
 * cut to whole seconds, by up to a second more): each is a lower bound of the true offset, and the
 * highest one seen is the best estimate. Sources: the socket's `hello` (server_time, on every
 * connect), an option's created_at when it is placed, an HTTP Date header.
 */
export type ClockSource = 'none' | 'date' | 'answer' | 'hello';

export interface ServerClock {
  offsetMs: number;
  source: ClockSource;
}

/** A measurement this far below the estimate means the device clock was changed: start again from it. */
export const CLOCK_JUMP_MS = 5_000;

export const $serverClock = atom<ServerClock>({ offsetMs: 0, source: 'none' });

export function noteServerClock(offsetMs: number | null, source: Exclude<ClockSource, 'none'>): void {
  if (offsetMs === null || !Number.isFinite(offsetMs)) return;
  const current = $serverClock.get();
  const first = current.source === 'none';
  // A Date header may be an old copy's (the service worker answers from its cache offline or on a
  // slow network): low for that reason, not because the device clock changed.
  const jumped = source !== 'date' && current.offsetMs - offsetMs > CLOCK_JUMP_MS;
  if (first || offsetMs > current.offsetMs || jumped) $serverClock.set({ offsetMs: Math.round(offsetMs), source });
}
