import type { IncomingMessage } from 'node:http';

/**
 * The client's address for a raw request, as Fastify's request.ip resolves it with the same
 * TRUST_PROXY setting (`trustProxy: true` trusts every hop, so the client is the leftmost
 * X-Forwarded-For entry). socket.io answers on the raw HTTP server before Fastify sees the request,
 * so its limits cannot read request.ip; tests/server/client-address.test.ts checks this against
 * Fastify itself. Fastify's parsing (@fastify/forwarded) is followed exactly: one value is trimmed,
 * a list is split on commas with spaces and tabs dropped around each entry and empty entries skipped.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const socketAddress = req.socket.remoteAddress ?? '';
  const header = req.headers['x-forwarded-for'];
  if (!trustProxy || typeof header !== 'string' || header === '') return socketAddress;
  if (!header.includes(',')) return header.trim() || socketAddress;
  for (const entry of header.split(',')) {
    const address = entry.replace(/^[ \t]+|[ \t]+$/g, '');
    if (address !== '') return address;
  }
  return socketAddress;
}
