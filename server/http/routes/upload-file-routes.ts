import { open } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services/create-services.ts';
import { tokenOf } from '../session-token.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type UploadFileRoutesServices = Pick<Services, 'sessions' | 'uploads'>;

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * GET /uploads/<name>. An avatar to anyone, cached for a year: names are random and never reused,
 * and an avatar never becomes private again. Anything else (identity documents, files not yet used)
 * only to its owner, who sends the session token as every API call does, and kept by no cache.
 * Everyone else gets the 404 of a file that does not exist: a name reveals nothing.
 */
export function registerUploadFileRoutes(app: FastifyInstance, services: UploadFileRoutesServices): void {
  app.get('/uploads/:name', async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    const token = tokenOf(request);
    const viewerId = token ? await services.sessions.userOf(token) : null;
    const upload = await services.uploads.readable(name, viewerId);
    // Opened before answering: a row whose file is gone (a crash, another process's disk) is a 404, not a 500.
    const handle = upload ? await open(upload.file).catch(() => null) : null;
    if (!upload || !handle) {
      // The owner asks with a token, and a file may become an avatar later: no cache may keep the miss.
      reply.header('Cache-Control', 'no-store');
      return reply.callNotFound();
    }
    try {
      const { size } = await handle.stat();
      reply.header('Content-Type', upload.mime).header('Content-Length', size);
      reply.header('Cache-Control', upload.isPublic ? `public, max-age=${YEAR_S}, immutable` : 'private, no-store');
      return reply.send(handle.createReadStream());
    } catch (error) {
      await handle.close();
      throw error;
    }
  });
}
