import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as account from '../../../contract/endpoints/account.ts';
import type { Envelope } from '../../../contract/envelope.ts';
import type { Services } from '../../services/create-services.ts';
import { routeOf, sessionFor } from '../define-route.ts';
import { errorEnvelope, outcomeEnvelope } from '../envelope.ts';
import { resolveLang } from '../resolve-lang.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type UploadRoutesServices = Pick<Services, 'sessions' | 'uploads'>;

const MAX_FIELD_CHARS = 64;

/** POST /upload: multipart, one image in the field `file`; answers its path under /uploads/. */
export function registerUploadRoutes(app: FastifyInstance, services: UploadRoutesServices): void {
  app.route({ ...routeOf(account.upload), handler: async (request: FastifyRequest, reply: FastifyReply): Promise<Envelope<string>> => {
    const session = await sessionFor(services, request, account.upload.auth, resolveLang(request));
    if (session.denied || session.userId === null) return session.denied ?? errorEnvelope('AUTH.LOGIN_REQUIRED', resolveLang(request), undefined, true);
    if (!request.isMultipart()) return errorEnvelope('UPLOAD.MISSING_FILE', resolveLang(request), 'file');

    // Parts arrive in the order the client wrote them; `lang` may come after the file, so read all.
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    let file: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'file' && file === null) file = await part.toBuffer();
          else part.file.resume();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value.slice(0, MAX_FIELD_CHARS);
        }
      }
    } catch (error) {
      // The multipart limits (2 MiB file, one file, few fields) throw 413 errors.
      if ((error as { statusCode?: number }).statusCode === 413) {
        reply.code(413);
        return errorEnvelope('UPLOAD.TOO_LARGE', resolveLang(request, fields.lang), 'file');
      }
      throw error;
    }
    const lang = resolveLang(request, fields.lang);
    if (!file) return errorEnvelope('UPLOAD.MISSING_FILE', lang, 'file');
    return outcomeEnvelope(await services.uploads.storeImage(session.userId, file), lang);
  } });
}
