import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './envelope.ts';
import { ENGINE_ROUTES } from './engine-routes.ts';
import { resolveLang, toLocale } from './resolve-lang.ts';

/** Carries the peers' shared secret: the leader knows the request came from a follower (its rate limit already applied). */
export const ENGINE_PEER_HEADER = 'x-brisk-engine-peer';
/** The client's address as the follower saw it (believed only with the peers' secret). */
export const ENGINE_CLIENT_IP_HEADER = 'x-brisk-client-ip';
/** A forwarded order waits for the engine at most this long; then the client is told to try again. */
const FORWARD_TIMEOUT_MS = 15_000;
/** Headers that describe one hop, not the request. */
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'expect', 'te', 'trailer', ENGINE_PEER_HEADER, ENGINE_CLIENT_IP_HEADER]);

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address: request.ip, or for a request a follower forwarded, the follower's client's. */
    readonly clientIp: string;
  }
}

export interface EngineForwardingOptions {
  /** True on a follower: engine-bound requests go to the leader. */
  follower: boolean;
  /** The leader's advertised origin, null when no process holds the engine lock. */
  leaderUrl(): Promise<string | null>;
  /** The secret every process on this database shares (server_keys). */
  peerKey: string;
  /** The API's body limit: a follower reads the body itself before forwarding. */
  bodyLimitBytes: number;
}

/** True when the request was forwarded by a follower of this database (constant-time check). */
export function isEnginePeer(request: FastifyRequest, peerKey: string): boolean {
  const sent = request.headers[ENGINE_PEER_HEADER];
  if (typeof sent !== 'string' || sent.length !== peerKey.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(peerKey));
}

async function readBody(raw: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return 'too-large';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** `lang` from a form or JSON body (not parsed yet when forwarding), for our own error answers. */
function bodyLang(request: FastifyRequest, body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return undefined;
  const type = request.headers['content-type'] ?? '';
  try {
    if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(body.toString('utf8')).get('lang') ?? undefined;
    if (type.startsWith('application/json')) return (JSON.parse(body.toString('utf8')) as { lang?: unknown } | null)?.lang;
  } catch {
    /* a malformed body: the header or Accept-Language decides */
  }
  return undefined;
}

function unavailable(request: FastifyRequest, reply: FastifyReply, body: Buffer | undefined): FastifyReply {
  const lang = resolveLang(request, toLocale(bodyLang(request, body)));
  return reply.code(200).send(errorEnvelope('MARKET.ENGINE_UNAVAILABLE', lang));
}

/**
 * Register before the routes. Checks at start that every engine-bound URL is a real route; on a
 * follower, sends engine-bound requests to the leader unchanged (method, path and query, body
 * bytes, Authorization, lang, idempotency key, every other header) and answers the leader's status
 * and body unchanged. When no leader answers, the client gets MARKET.ENGINE_UNAVAILABLE, never
 * silence; a retry with the same idempotency key is safe either way.
 */
export function registerEngineForwarding(app: FastifyInstance, options: EngineForwardingOptions): void {
  // A getter rather than an onRequest hook: read once per request at most, and a hook on every
  // request costs more than the check (the order flow answers thousands a second).
  app.decorateRequest('clientIp', {
    getter(this: FastifyRequest): string {
      const forwardedFor = this.headers[ENGINE_CLIENT_IP_HEADER];
      return typeof forwardedFor === 'string' && forwardedFor !== '' && isEnginePeer(this, options.peerKey) ? forwardedFor : this.ip;
    },
  });
  const registered = new Set<string>();
  app.addHook('onRoute', (route) => {
    registered.add(route.url);
    if (!options.follower || !ENGINE_ROUTES.has(route.url)) return;
    // A route-level hook, after the rate limit's (also route-level, added by an earlier onRoute):
    // the client's budget is spent here, where it connects; the leader lets peers through.
    const forward = (request: FastifyRequest, reply: FastifyReply) => forwardToLeader(request, reply, options);
    const hooks = route.onRequest;
    route.onRequest = Array.isArray(hooks) ? [...hooks, forward] : hooks ? [hooks, forward] : [forward];
  });
  app.addHook('onReady', async () => {
    const missing = [...ENGINE_ROUTES].filter((url) => !registered.has(url));
    if (missing.length > 0) throw new Error(`engine-bound routes that do not exist: ${missing.join(', ')}`);
  });
}

async function forwardToLeader(request: FastifyRequest, reply: FastifyReply, options: EngineForwardingOptions): Promise<FastifyReply> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody ? await readBody(request.raw, options.bodyLimitBytes) : undefined;
  if (body === 'too-large') return reply.code(413).send(errorEnvelope('COMMON.PAYLOAD_TOO_LARGE', resolveLang(request)));
  // Never forward twice: a request from a peer reaching a follower means the leader moved.
  const leader = isEnginePeer(request, options.peerKey) ? null : await options.leaderUrl().catch(() => null);
  if (!leader) return unavailable(request, reply, body);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  headers.set(ENGINE_PEER_HEADER, options.peerKey);
  headers.set(ENGINE_CLIENT_IP_HEADER, request.clientIp);
  try {
    const response = await fetch(leader + request.url, {
      method: request.method, headers, body: body && body.length > 0 ? new Uint8Array(body) : undefined, redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    const answer = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type');
    if (type) void reply.header('content-type', type);
    return reply.code(response.status).send(answer);
  } catch (error) {
    request.log.warn({ err: error, leader, url: request.url }, 'engine-bound request not forwarded: the leader did not answer');
    return unavailable(request, reply, body);
  }
}
