import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TYPE_SESSION_INVALID, TYPE_VERIFY_REQUIRED, type Envelope } from '../../contract/envelope.ts';
import type { AnswerOf, ParamsOf } from '../../contract/endpoint.ts';
import type { EndpointAt } from '../../contract/endpoints/all-endpoints.ts';
import { LOGIN_PATH, REAL_MARK_PATH } from '../lib/app-paths.ts';
import { currentRoute, navigate } from '../lib/hash-route.ts';
import { $lang } from '../stores/lang.ts';
import { $token, endSession } from '../stores/session.ts';
import { showToast, TOAST_MS } from '../stores/toast.ts';
import { trackPending } from '../stores/loading.ts';
import { deadline } from './deadline.ts';

/**
 * The longest a call takes, answer body included. A write (and an upload) may be sending its form
 * over a slow link, and each one cut short is an outcome the user cannot know, so it gets a minute.
 */
export const REQUEST_TIMEOUT_MS = 60_000;
/**
 * A read (GET) sends nothing and its answers are pages of a few kB, a second or two at 400 kbit/s:
 * past this it is stuck, and the screen had better offer its Retry than spin for a minute. (The
 * worker gives up on the network for its copy after 3-4 s, well within it.)
 */
export const READ_TIMEOUT_MS = 20_000;

/**
 * ky arrives in a chunk of its own, asked for by the first call or by app/warm-page.ts, instead of
 * inside the boot chunk: the first paint needs no call through it (the screens that open with data
 * get it from the early reads, plain fetch), and its 5 kB (brotli) would otherwise be on a first
 * visit's critical path, 0.1 s on a 400 kbit/s link. A call waits for it if it has not landed yet;
 * when it could not load (offline in the first seconds of a first visit) that call fails as a
 * network error, and the next one asks for it again.
 */
let kyLoading: Promise<typeof import('ky')> | undefined;

/**
 * How long a call waits for ky's chunk: an import that stalls would otherwise hold every call for
 * good. The call then fails as a network error, and the next one waits for the import again.
 */
export const KY_LOAD_MS = 20_000;

/** ky, from this one dynamic import (upload.ts uses it too), so it stays a chunk of its own. */
export function loadKy(): Promise<typeof import('ky')> {
  kyLoading ??= new Promise<typeof import('ky')>((resolve, reject) => {
    // Left to run out when ky arrives: rejecting a settled promise does nothing.
    setTimeout(reject, KY_LOAD_MS, new Error('ky: timed out'));
    import('ky').then(resolve, reject);
  }).catch((error: unknown) => {
    kyLoading = undefined;
    throw error;
  });
  return kyLoading;
}

/** Section 8: after a 999 or 998 answer the message shows for this long before the page changes. */
export const REDIRECT_DELAY_MS = 1200;

/** A failed call: `code` is the server's string code, or NETWORK / TIMEOUT / HTTP_<status>. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Params = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  data?: Params;
  /** Show the loading mask (after its delay) while the call runs. */
  mask?: boolean;
  /** Do not toast a failure: the caller shows it in place. */
  silent?: boolean;
  signal?: AbortSignal;
  /** The Authorization to send instead of the session's token ('' for none). */
  token?: string;
}

const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;

/** The API base: `api/` beside the app, so the app can live under any path. */
export function apiUrl(path: string): string {
  if (ABSOLUTE.test(path)) return path;
  return new URL('api/' + path.replace(/^\/+/, ''), location.origin + location.pathname).href;
}

function toForm(data: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

let pendingRedirect: ReturnType<typeof setTimeout> | undefined;
function redirectLater(path: string): void {
  clearTimeout(pendingRedirect);
  pendingRedirect = setTimeout(() => navigate(path), REDIRECT_DELAY_MS);
}

function fail(error: ApiError, silent: boolean): never {
  if (!silent) showToast(error.message, 'error', TOAST_MS);
  throw error;
}

/** A payload and when the server produced it: an offline copy from the service worker keeps its old time. */
export interface Served<T> {
  data: T;
  /** Epoch ms from the response's Date header, or the time it arrived when the header is missing. */
  asOf: number;
}

/** Calls the API with the rules of sections 7 and 8 and resolves with the payload of an ok answer. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestServed<T>(path, options)).data;
}

/** As `request`, with the time the answer was current, for screens that show stale data offline. */
export async function requestServed<T>(path: string, options: RequestOptions = {}): Promise<Served<T>> {
  const { method = 'POST', mask = false, silent = false, signal, token = $token.get() } = options;
  // A write needs the network: refuse it plainly rather than let it vanish into a dead connection
  // (a silent caller, a read sent as POST, says so in place).
  if (method === 'POST' && !navigator.onLine) {
    fail(new ApiError('OFFLINE', i18n._(msg`You are offline. Connect to the network and try again.`)), silent);
  }
  const data: Params = { ...options.data, lang: $lang.get() };
  const headers: Record<string, string> = token ? { Authorization: token } : {};
  let kyExports: typeof import('ky');
  try {
    kyExports = await loadKy();
  } catch {
    fail(new ApiError('NETWORK', i18n._(msg`Network error, please try again later`)), silent);
  }
  const { default: ky, HTTPError } = kyExports;
  // Not ky's timeout: it stops at the headers, and the body may stall too.
  const limit = deadline(method === 'GET' ? READ_TIMEOUT_MS : REQUEST_TIMEOUT_MS, signal);
  const call = ky(apiUrl(path), {
    method,
    headers,
    timeout: false,
    retry: 0,
    signal: limit.signal,
    ...(method === 'GET' ? { searchParams: toForm(data) } : { body: toForm(data) }),
  });

  let envelope: Envelope<T>;
  let asOf = Date.now();
  try {
    const response = await (mask ? trackPending(call) : call);
    const date = Date.parse(response.headers.get('date') ?? '');
    if (Number.isFinite(date)) asOf = date;
    envelope = await response.json<Envelope<T>>();
  } catch (cause) {
    if (signal?.aborted) throw cause;
    if (limit.signal.aborted) fail(new ApiError('TIMEOUT', i18n._(msg`The request timed out. Please try again.`)), silent);
    if (cause instanceof HTTPError) {
      const body = await cause.response.json<Partial<Envelope<T>>>().catch(() => ({}) as Partial<Envelope<T>>);
      const text = 'code' in body && typeof body.message === 'string' ? body.message : i18n._(msg`Network error, please try again later`);
      fail(new ApiError('code' in body && body.code ? body.code : `HTTP_${cause.response.status}`, text), silent);
    }
    // A read the worker had no copy of: the offline banner and the screen say so, not a toast each.
    // Not a write the network dropped on its way: its outcome is unknown and nothing sends it again.
    if (method === 'GET' && !navigator.onLine) fail(new ApiError('OFFLINE', i18n._(msg`You are offline. This will load when you are back online.`)), true);
    fail(new ApiError('NETWORK', i18n._(msg`Network error, please try again later`)), silent);
  } finally {
    // Only now: the error body above is read within the same limit.
    limit.done();
  }

  if (envelope.type === 'ok' || (envelope as { code?: unknown }).code === 1) return { data: (envelope as { message: T }).message, asOf };

  const error = new ApiError(envelope.code, envelope.message, envelope.field);
  if (envelope.type === TYPE_SESSION_INVALID) {
    showToast(envelope.message, 'error');
    endSession(true);
    const here = currentRoute();
    const back = here.path === LOGIN_PATH ? '' : `?redirect=${encodeURIComponent(here.path + (here.search ? '?' + here.search : ''))}`;
    redirectLater(LOGIN_PATH + back);
    throw error;
  }
  if (envelope.type === TYPE_VERIFY_REQUIRED) {
    showToast(envelope.message, 'error');
    redirectLater(REAL_MARK_PATH);
    throw error;
  }
  return fail(error, silent);
}

type CallOptions = Omit<RequestOptions, 'method' | 'data'>;
/** An endpoint's params, then options; the params may be left out only when none is required. */
type CallArgs<E> = object extends ParamsOf<E> ? [data?: ParamsOf<E>, options?: CallOptions] : [data: ParamsOf<E>, options?: CallOptions];
type ReadMethod = 'read' | 'get';
type WriteMethod = 'read' | 'write';
/** The paths of contract/endpoints/ a GET (or a POST) may call. */
export type ReadPath = EndpointAt<string, ReadMethod>['path'];
export type WritePath = EndpointAt<string, WriteMethod>['path'];

/**
 * A read by GET (the service worker may answer it offline). The path names an endpoint of the
 * contract's table: the compiler checks it, types the params from its fields and the answer from
 * its declaration, and the bundle carries only the path.
 */
export const get = <P extends ReadPath>(path: P, ...[data, options]: CallArgs<EndpointAt<P, ReadMethod>>) =>
  request<AnswerOf<EndpointAt<P, ReadMethod>>>(path, { ...options, method: 'GET', data: data as Params | undefined });
export const getServed = <P extends ReadPath>(path: P, ...[data, options]: CallArgs<EndpointAt<P, ReadMethod>>) =>
  requestServed<AnswerOf<EndpointAt<P, ReadMethod>>>(path, { ...options, method: 'GET', data: data as Params | undefined });
/** A write, or a read that must reach the server (POST is never answered from the worker's copies). */
export const post = <P extends WritePath>(path: P, ...[data, options]: CallArgs<EndpointAt<P, WriteMethod>>) =>
  request<AnswerOf<EndpointAt<P, WriteMethod>>>(path, { ...options, method: 'POST', data: data as Params | undefined });
export const postServed = <P extends WritePath>(path: P, ...[data, options]: CallArgs<EndpointAt<P, WriteMethod>>) =>
  requestServed<AnswerOf<EndpointAt<P, WriteMethod>>>(path, { ...options, method: 'POST', data: data as Params | undefined });
