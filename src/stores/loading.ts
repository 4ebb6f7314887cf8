import { atom } from 'nanostores';

/** Requests in flight that asked for the loading mask. The mask shows only after a delay. */
export const $pendingRequests = atom(0);
export const LOADING_MASK_DELAY_MS = 800;

export function trackPending<T>(promise: Promise<T>): Promise<T> {
  $pendingRequests.set($pendingRequests.get() + 1);
  return promise.finally(() => $pendingRequests.set($pendingRequests.get() - 1));
}
