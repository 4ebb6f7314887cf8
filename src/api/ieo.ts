import type { IeoPhaseFilter, IeoProject, IeoProjectDetail, IeoSubscription } from '../../contract/api/ieo.ts';
import type { Page } from '../../contract/envelope.ts';
import { $token } from '../stores/session.ts';
import { ApiError, get, getServed, postServed, type Served } from './client.ts';
import { idempotent } from './idempotent.ts';

/**
 * IEO token sales (section 7: /project, /project/detail, /user/project/order, /project/order) and the
 * subscription preview. Reads are kept for offline use in Cache Storage by this module (the service
 * worker keeps only the routes it names): projects in a cache of their own, the user's subscriptions
 * and balances in a `brisk-private-` one, which the app deletes when the session ends
 * (src/app/private-data.ts). A kept answer comes back with the time it was current.
 */

/** A read and the gap between the server's clock and this device's when it was answered (countdowns). */
export interface Timed<T> extends Served<T> {
  offsetMs: number;
}

const PUBLIC_CACHE = 'brisk-ieo-v1';
const PRIVATE_CACHE = 'brisk-private-ieo-v1';
const KEPT = /^(OFFLINE|NETWORK|TIMEOUT|HTTP_5\d\d)$/;

const keyUrl = (key: string) => `${location.origin}/__kept/ieo/${encodeURIComponent(key)}`;
const hasCaches = () => typeof caches !== 'undefined';

async function keep<T>(cache: string, key: string, value: Timed<T>, token: string): Promise<void> {
  // An answer of a session that ended meanwhile is not kept for the next one.
  if (!hasCaches() || $token.get() !== token) return;
  try {
    await (await caches.open(cache)).put(keyUrl(key), new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } }));
  } catch {
    // A full or blocked storage only means no offline copy.
  }
}

async function kept<T>(cache: string, key: string): Promise<Timed<T> | null> {
  if (!hasCaches()) return null;
  try {
    const hit = await (await caches.open(cache)).match(keyUrl(key));
    return hit ? ((await hit.json()) as Timed<T>) : null;
  } catch {
    return null;
  }
}

let lastOffsetMs = 0;

/** Server clock minus this device's, as the last live answer measured it (0 before any). */
export const serverOffsetMs = (): number => lastOffsetMs;

/** Fresh when the network answers; the kept copy (with its old time) when it cannot. */
async function readKept<T>(priv: boolean, key: string, read: () => Promise<Served<T>>, serverTime: (data: T) => number): Promise<Timed<T>> {
  const token = $token.get();
  const cache = priv ? PRIVATE_CACHE : PUBLIC_CACHE;
  try {
    const served = await read();
    const timed = { ...served, offsetMs: serverTime(served.data) - Date.now() };
    lastOffsetMs = timed.offsetMs;
    void keep(cache, key, timed, token);
    return timed;
  } catch (error) {
    if (error instanceof ApiError && KEPT.test(error.code)) {
      const copy = await kept<T>(cache, key);
      if (copy) return copy;
    }
    throw error;
  }
}

const firstServerTime = (page: Page<IeoProject>) => page.data[0]?.server_time_ms ?? Date.now() + lastOffsetMs;

export const fetchProjects = (phase: IeoPhaseFilter, page: number, limit: number): Promise<Timed<Page<IeoProject>>> =>
  readKept(false, `project:${phase}:${page}:${limit}`, () => getServed('/project', { phase, page, limit }, { silent: true }), firstServerTime);

/** One project; signed in, with the user's subscription and financial balances (kept privately then). */
export const fetchProject = (id: number): Promise<Timed<IeoProjectDetail>> =>
  readKept($token.get() !== '', `detail:${id}`, () => getServed('/project/detail', { id }, { silent: true }), (d) => d.server_time_ms);

export const fetchMySubscriptions = (page: number, limit: number): Promise<Timed<Page<IeoSubscription>>> =>
  readKept(true, `mine:${page}:${limit}`, () => getServed('/user/project/order', { page, limit }, { silent: true }), () => Date.now() + lastOffsetMs);

export interface SubscribeParams {
  [key: string]: string | number;
  project_id: number;
  amount: string;
  pay_currency: string;
  price: string;
}

/** What the confirm screen shows, by the allocation's own code; errors come back as ApiErrors, silently. */
export const previewSubscription = (p: { project_id: number; amount: string; pay_currency: string }) => get('/project/order/preview', p, { silent: true });

/** One per form: a retry after an unknown outcome reuses the key. */
export const subscribeAction = () => idempotent((p: SubscribeParams) => postServed('/project/order', p, { mask: true }));
