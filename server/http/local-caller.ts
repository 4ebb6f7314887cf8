import type { FastifyRequest } from 'fastify';

/**
 * A caller on this machine talking to the server directly: a reverse proxy's requests come from
 * loopback too, but carry the client's address in a forwarding header.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  return loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}
