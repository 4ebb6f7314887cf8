import type { FastifyInstance, FastifyRequest } from 'fastify';

// A Host header we are willing to repeat inside a header value.
const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/i;

/**
 * The app's policy: everything from this origin; images also from data: and blob: (avatars before
 * upload, canvas charts); sockets to this host (named explicitly: older browsers do not count ws: as
 * 'self'). Inline styles are allowed because components set style attributes; inline scripts only
 * by the hashes given (index.html's own, inline-script-hashes.ts).
 */
export function contentSecurityPolicy(request: FastifyRequest, scriptHashes: readonly string[] = []): string {
  const host = request.headers.host;
  const sockets = host && SAFE_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The API's policy: a JSON answer loads and runs nothing, even opened as a page, and is never framed
 * (OWASP's REST advice). The app's policy matters to documents and workers only, and is about 450
 * bytes: every API answer, the order flow's included, would carry it over the phone's link for nothing.
 */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Hosts whose policy is kept: the Host header is the client's, so the cache is bounded. */
const POLICIES_KEPT_MAX = 64;

/**
 * Headers on every answer, API, static and errors alike. A callback hook, not an async one, and the
 * policy built once per Host: this runs on every request, and the order flow answers thousands a second.
 */
export function registerSecurityHeaders(app: FastifyInstance, scriptHashes: readonly string[] = []): void {
  const policies = new Map<string, string>();
  const policyFor = (request: FastifyRequest): string => {
    const host = request.headers.host ?? '';
    let policy = policies.get(host);
    if (policy === undefined) {
      policy = contentSecurityPolicy(request, scriptHashes);
      if (policies.size >= POLICIES_KEPT_MAX) policies.clear();
      policies.set(host, policy);
    }
    return policy;
  };
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (request.url.startsWith('/api/')) {
      reply.header('Content-Security-Policy', API_POLICY);
      // API answers carry personal data and tokens: no shared cache may keep them.
      reply.header('Cache-Control', 'no-store');
    } else {
      // Documents, and scripts that become workers (sw.js, the socket worker): their CSP applies.
      reply.header('Content-Security-Policy', policyFor(request));
      reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    }
    done();
  });
}
