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

/** Headers on every answer, API, static and errors alike. */
export function registerSecurityHeaders(app: FastifyInstance, scriptHashes: readonly string[] = []): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Content-Security-Policy', contentSecurityPolicy(request, scriptHashes));
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    // API answers carry personal data and tokens: no shared cache may keep them.
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
}
