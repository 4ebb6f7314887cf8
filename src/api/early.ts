import { NEWS_CATEGORY } from '../../contract/api/content.ts';
import { $lang } from '../stores/lang.ts';
import { $token } from '../stores/session.ts';
import type { Served } from './client.ts';

/**
 * Early reads: GETs made at boot with plain fetch (so nothing waits for the API client's chunk) for
 * the data of the screen being opened, while that screen's chunk is still downloading. The screen's
 * first call takes the answer (takeEarly). Only a clean `ok` answer is handed over; for anything
 * else the screen asks again the normal way, with the error, toast and 999 rules of client.ts.
 * The URL is the one client.ts would build (same parameter order), so the worker's cache sees one entry.
 */

const EARLY_MS = 10_000;
type Params = Record<string, string | number>;
const early = new Map<string, { at: number; answer: Promise<Served<unknown> | undefined> }>();

const keyOf = (path: string, params: Params) => `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}&lang=${$lang.get()}`;

export function getEarly<T>(path: string, params: Params): Promise<Served<T> | undefined> {
  const url = new URL('api/' + path.replace(/^\/+/, ''), location.origin + location.pathname);
  for (const [key, value] of Object.entries({ ...params, lang: $lang.get() })) url.searchParams.append(key, String(value));
  const token = $token.get();
  const answer = fetch(url, { headers: token ? { Authorization: token } : {} })
    .then(async (response): Promise<Served<T> | undefined> => {
      if (!response.ok) return undefined;
      const envelope = (await response.json()) as { type?: unknown; code?: unknown; message?: T };
      if (envelope.type !== 'ok' && envelope.code !== 1) return undefined;
      const date = Date.parse(response.headers.get('date') ?? '');
      return { data: envelope.message as T, asOf: Number.isFinite(date) ? date : Date.now() };
    })
    .catch(() => undefined);
  early.set(keyOf(path, params), { at: Date.now(), answer });
  return answer;
}

/** The early answer for this call when there is a young, clean one; else `call()`. Each is taken once. */
export async function takeEarly<T>(path: string, params: Params, call: () => Promise<Served<T>>): Promise<Served<T>> {
  const key = keyOf(path, params);
  const hit = early.get(key);
  early.delete(key);
  if (hit && Date.now() - hit.at < EARLY_MS) {
    const served = await hit.answer;
    if (served) return served as Served<T>;
  }
  return call();
}

/** The home tab's banners and news: the first banner's image is the home tab's largest paint. */
export const HOME_BANNERS = { c_id: NEWS_CATEGORY.banner, page: 1, limit: 5 } as const;
export const HOME_NEWS = { c_id: NEWS_CATEGORY.news, page: 1, limit: 5 } as const;
