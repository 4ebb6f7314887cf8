import { $lang } from '../stores/lang.ts';
import { $token } from '../stores/session.ts';
import type { Served } from './client.ts';
import { deadline } from './deadline.ts';
import { earlyUrl, type EarlyParams, type EarlyRead } from './early-reads.ts';

/**
 * Early reads: GETs made at boot with plain fetch (so nothing waits for the API client's chunk) for
 * the data of the screen being opened, while that screen's chunk is still downloading. index.html's
 * route preloader starts them before any script has loaded (build/route-preload.ts) and leaves the
 * responses in `window.__briskEarly` by URL; getEarly takes such a response, or fetches. The screen's
 * first call takes the answer (takeEarly). Only a clean `ok` answer is handed over; for anything
 * else the screen asks again the normal way, with the error, toast and 999 rules of client.ts.
 */

declare global {
  interface Window {
    __briskEarly?: Record<string, Promise<Response> | undefined>;
  }
}

/** An early answer is handed over this long after its read started, or not at all. */
export const EARLY_MS = 10_000;
interface Early {
  at: number;
  answer: Promise<Served<unknown> | undefined>;
  /** The answer once it has arrived, for a screen's first render (peekEarly). */
  value?: Served<unknown>;
}
const early = new Map<string, Early>();

const keyOf = (path: string, params: EarlyParams) => `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}&lang=${$lang.get()}`;

function startedOrFetch(url: string, signal: AbortSignal): Promise<Response> {
  const started = window.__briskEarly?.[url];
  if (started) {
    window.__briskEarly![url] = undefined;
    return started;
  }
  const token = $token.get();
  return fetch(url, { headers: token ? { Authorization: token } : {}, signal });
}

export function getEarly<T>(path: EarlyRead['path'], params: EarlyParams): Promise<Served<T> | undefined> {
  const url = earlyUrl(location.origin + location.pathname, { path, params }, $lang.get());
  // Past EARLY_MS nobody takes the answer: a read of our own that has not finished by then is
  // dropped, body and all, so it does not keep a connection busy. (index.html's own fetch is not
  // ours to end; takeEarly stops waiting for it.)
  const limit = deadline(EARLY_MS);
  const answer = startedOrFetch(url, limit.signal)
    .then(async (response): Promise<Served<T> | undefined> => {
      if (!response.ok) return undefined;
      const envelope = (await response.json()) as { type?: unknown; code?: unknown; message?: T };
      if (envelope.type !== 'ok' && envelope.code !== 1) return undefined;
      const date = Date.parse(response.headers.get('date') ?? '');
      return { data: envelope.message as T, asOf: Number.isFinite(date) ? date : Date.now() };
    })
    .catch(() => undefined)
    .finally(limit.done);
  const entry: Early = { at: Date.now(), answer };
  void answer.then((served) => {
    entry.value = served;
  });
  early.set(keyOf(path, params), entry);
  return answer;
}

/**
 * The early answer for this call if it has already arrived (young and clean), taken, so a screen's
 * first render can show it instead of rendering empty and again a frame later; else undefined, and
 * the screen's first call waits for it as usual (takeEarly).
 */
export function peekEarly<T>(path: EarlyRead['path'], params: EarlyParams): Served<T> | undefined {
  const key = keyOf(path, params);
  const hit = early.get(key);
  if (!hit?.value || Date.now() - hit.at >= EARLY_MS) return undefined;
  early.delete(key);
  return hit.value as Served<T>;
}

/** The early answer for this call when there is a young, clean one; else `call()`. Each is taken once. */
export async function takeEarly<T>(path: EarlyRead['path'], params: EarlyParams, call: () => Promise<Served<T>>): Promise<Served<T>> {
  const key = keyOf(path, params);
  const hit = early.get(key);
  early.delete(key);
  if (hit && Date.now() - hit.at < EARLY_MS) {
    // Only while it is young: a response that stalls (index.html's fetch has no time limit) must
    // not hold the screen, which then asks the normal way, with the client's own limit.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), hit.at + EARLY_MS - Date.now())));
    const served = await Promise.race([hit.answer, late]);
    clearTimeout(timer);
    if (served) return served as Served<T>;
  }
  return call();
}
