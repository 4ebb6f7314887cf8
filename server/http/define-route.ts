import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Endpoint, EndpointAuth, EndpointMethod, FieldDecls, ParsedFields } from '../../contract/endpoint.ts';
import type { Envelope } from '../../contract/envelope.ts';
import type { Locale } from '../../contract/locales.ts';
import type { Outcome } from '../domain/outcome.ts';
import type { Services } from '../services/create-services.ts';
import { declaredFields, guardUndeclared } from './endpoint-fields.ts';
import { errorEnvelope, outcomeEnvelope } from './envelope.ts';
import { firstRepeated, readInput, type FieldFlags, type Input } from './request-input.ts';
import { resolveLang } from './resolve-lang.ts';
import { tokenOf } from './session-token.ts';

/** What a handler sees of a request: its fields, language, client address and session. */
export interface Call<F extends FieldDecls = FieldDecls> {
  /** Its endpoint's declared fields, parsed (endpoint-fields.ts). */
  fields: ParsedFields<F>;
  /** The same fields as sent (text). */
  input: Input;
  /** Fields sent as JSON numbers or booleans (money fields refuse them); a repeated field or an array never reaches a handler. */
  flags: FieldFlags;
  lang: Locale;
  ip: string;
  /** The signed-in user: always set when auth is 'required'; set when a live token came with 'optional'. */
  userId: number | null;
  token: string | null;
  request: FastifyRequest;
}

/** A route's handler: the call in, an Outcome of the endpoint's answer out. */
export type Handler<A, F extends FieldDecls = FieldDecls> = (call: Call<F>) => Promise<Outcome<A>> | Outcome<A>;

const METHODS: Record<EndpointMethod, HTTPMethods[]> = { read: ['GET', 'POST'], write: ['POST'], get: ['GET'] };

/** The HTTP methods and URL the server serves an endpoint at (GET also answers HEAD). */
export function routeOf(endpoint: Endpoint): { method: HTTPMethods[]; url: string } {
  return { method: METHODS[endpoint.method], url: `/api${endpoint.path}` };
}

/** Resolves the session for a call; the 999 envelope when a required one is missing or dead. */
export async function sessionFor(services: Pick<Services, 'sessions'>, request: FastifyRequest, auth: EndpointAuth, lang: Locale) {
  const token = tokenOf(request);
  const userId = auth !== 'none' && token ? await services.sessions.userOf(token) : null;
  if (auth === 'required' && userId === null) {
    return { denied: errorEnvelope(token ? 'AUTH.SESSION_EXPIRED' : 'AUTH.LOGIN_REQUIRED', lang, undefined, true), token, userId };
  }
  return { denied: null, token, userId };
}

const GUARD_FIELDS = process.env.NODE_ENV !== 'production';

/**
 * Serves an endpoint of the contract's table: its method, URL and auth from the table, its declared
 * fields checked (declaredFields) before the handler, and every answer an HTTP 200 envelope with the
 * error text in the request's language.
 */
export function defineEndpoint<F extends FieldDecls, A>(app: FastifyInstance, services: Pick<Services, 'sessions'>, endpoint: Endpoint<F, A>, handler: Handler<A, F>): void {
  const { method, url } = routeOf(endpoint);
  app.route({
    method,
    url,
    handler: async (request: FastifyRequest, _reply: FastifyReply): Promise<Envelope<A>> => {
      const lang = resolveLang(request);
      const session = await sessionFor(services, request, endpoint.auth, lang);
      if (session.denied) return session.denied;
      const read = readInput(request.query, request.body);
      // A field sent twice (a repeated form field, a JSON array, in both query and body) is refused
      // for every route: no handler picks one of its values.
      const repeated = firstRepeated(read.flags);
      if (repeated !== undefined) return errorEnvelope('COMMON.PARAM_INVALID', lang, repeated);
      const declared = declaredFields(endpoint.fields, read.input);
      if (!declared.ok) return outcomeEnvelope(declared, lang);
      const { input, fields } = declared.value;
      const outcome = await handler({
        input: GUARD_FIELDS ? guardUndeclared(input, endpoint.fields, url) : input,
        fields: (GUARD_FIELDS ? guardUndeclared(fields, endpoint.fields, url) : fields) as ParsedFields<F>,
        flags: read.flags, lang, ip: request.clientIp || request.ip, userId: session.userId, token: session.token, request,
      });
      return outcomeEnvelope(outcome, lang);
    },
  });
}

/** The signed-in user of a call made with auth 'required'. */
export function signedIn(call: Call): number {
  if (call.userId === null) throw new Error('signedIn() used on a route without auth: required');
  return call.userId;
}

/** `serve(endpoint, handler)` for one app and services: what a route file registers its endpoints with. */
export function endpointsOn(app: FastifyInstance, services: Pick<Services, 'sessions'>) {
  return <F extends FieldDecls, A>(endpoint: Endpoint<F, A>, handler: Handler<A, F>): void => defineEndpoint(app, services, endpoint, handler);
}
