import type { FastifyError, FastifyInstance } from 'fastify';
import { errorEnvelope } from './envelope.ts';
import { resolveLang } from './resolve-lang.ts';

/**
 * The only non-200 answers: 404 for unknown routes, 413 for oversized bodies, 429 for the global rate
 * limit, 500 for faults (no stack or detail to the client; the log has it). Any other client mistake
 * the framework catches (malformed JSON, unsupported content type) is bad input: a 200 envelope.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorEnvelope('COMMON.NOT_FOUND', resolveLang(request)));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = resolveLang(request);
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(errorEnvelope('COMMON.PAYLOAD_TOO_LARGE', lang));
    if (status === 429) return reply.code(429).send(errorEnvelope('COMMON.RATE_LIMITED', lang));
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'bad request');
      return reply.code(200).send(errorEnvelope('COMMON.PARAM_INVALID', lang));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorEnvelope('COMMON.INTERNAL', lang));
  });
}
