import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Envelope } from '../../contract/envelope.ts';
import type { Locale } from '../../contract/locales.ts';
import type { Outcome } from '../domain/outcome.ts';
import type { Services } from '../services/create-services.ts';
import { errorEnvelope, outcomeEnvelope } from './envelope.ts';
import { firstRepeated, readInput, type FieldFlags, type Input } from './request-input.ts';
import { resolveLang } from './resolve-lang.ts';
import { tokenOf } from './session-token.ts';

/** What a handler sees of a request: its fields, language, client address and session. */
export interface Call {
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

/** 'required' answers type 999 without a live session; 'optional' resolves one if sent. */
export type AuthMode = 'none' | 'optional' | 'required';

export interface RouteSpec<T> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  auth?: AuthMode;
  handler: (call: Call) => Promise<Outcome<T>> | Outcome<T>;
}

/** Resolves the session for a call; the 999 envelope when a required one is missing or dead. */
export async function sessionFor(services: Pick<Services, 'sessions'>, request: FastifyRequest, auth: AuthMode, lang: Locale) {
  const token = tokenOf(request);
  const userId = auth !== 'none' && token ? await services.sessions.userOf(token) : null;
  if (auth === 'required' && userId === null) {
    return { denied: errorEnvelope(token ? 'AUTH.SESSION_EXPIRED' : 'AUTH.LOGIN_REQUIRED', lang, undefined, true), token, userId };
  }
  return { denied: null, token, userId };
}

/**
 * Registers an API route whose handler returns an Outcome: every answer becomes an HTTP 200 envelope
 * with the error text in the request's language.
 */
export function defineRoute<T>(app: FastifyInstance, services: Pick<Services, 'sessions'>, spec: RouteSpec<T>): void {
  const auth = spec.auth ?? 'none';
  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (request: FastifyRequest, _reply: FastifyReply): Promise<Envelope<T>> => {
      const lang = resolveLang(request);
      const session = await sessionFor(services, request, auth, lang);
      if (session.denied) return session.denied;
      const { input, flags } = readInput(request.query, request.body);
      // A field sent twice (a repeated form field, a JSON array, in both query and body) is refused
      // for every route: no handler picks one of its values.
      const repeated = firstRepeated(flags);
      if (repeated !== undefined) return errorEnvelope('COMMON.PARAM_INVALID', lang, repeated);
      const outcome = await spec.handler({ input, flags, lang, ip: request.clientIp || request.ip, userId: session.userId, token: session.token, request });
      return outcomeEnvelope(outcome, lang);
    },
  });
}

/** The signed-in user of a call made with auth 'required'. */
export function signedIn(call: Call): number {
  if (call.userId === null) throw new Error('signedIn() used on a route without auth: required');
  return call.userId;
}
