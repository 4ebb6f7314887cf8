import type { FastifyRequest } from 'fastify';

// Tokens we issue are 43 characters; anything much longer is not ours and is not worth hashing.
const TOKEN_MAX = 256;

/** The token from Authorization: the raw token, or "Bearer <token>". Null when there is none. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.trim().replace(/^Bearer\s+/i, '').trim();
  return token && token.length <= TOKEN_MAX ? token : null;
}
