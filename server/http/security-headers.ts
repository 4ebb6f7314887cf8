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
 * An image opened by itself (an SVG is a document then) runs and loads nothing and is never framed:
 * stricter than the app's policy for these, and a sixth of its bytes. Coin icons and banners are
 * many small files (the assets tab and the currency pickers show a dozen), each carrying these headers.
 */
const IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
const IMAGE_PATH = /\.(png|svg|webp|jpe?g|gif|ico)$/i;

/** Rate-limit figures: an API client may pace itself by them; nobody paces a page's files. */
const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/**
 * Headers on every answer, API, static and errors alike. A callback hook, not an async one, and the
 * policy built once per Host: this runs on every request, and the order flow answers thousands a
 * second. `pageAssets` (page-assets.ts) are the page's own scripts and stylesheets: a browser applies
 * CSP, COOP and frame options to documents and workers only, so they get nosniff alone. Anything
 * else not under /api/ (documents, sw.js, the socket worker, unknown paths) gets the app's policy.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  scriptHashes: readonly string[] = [],
  pageAssets: ReadonlySet<string> = new Set(),
): void {
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
    const { url } = request;
    reply.header('X-Content-Type-Options', 'nosniff');
    if (url.startsWith('/api/')) {
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Content-Security-Policy', API_POLICY);
      // API answers carry personal data and tokens: no shared cache may keep them.
      reply.header('Cache-Control', 'no-store');
      return done();
    }
    const image = IMAGE_PATH.test(url);
    if (image || pageAssets.has(url)) {
      for (const name of RATE_LIMIT_HEADERS) reply.removeHeader(name);
      if (image) reply.header('Content-Security-Policy', IMAGE_POLICY);
      return done();
    }
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    // Documents, and scripts that become workers (sw.js, the socket worker): their CSP applies.
    reply.header('Content-Security-Policy', policyFor(request));
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    done();
  });
}
