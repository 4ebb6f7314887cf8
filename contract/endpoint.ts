/**
 * One API endpoint, declared once: the server registers its route from this (method, path, auth, the
 * fields its handler may read) and the app's api/ modules call it with params typed from it. Section
 * 7's paths, without the /api prefix the server adds.
 */

import type { ErrorCode } from './error-codes.ts';

/**
 * What a field is on the wire. The server parses every declared field this one way before a handler
 * runs (server/http/endpoint-fields.ts); each handler then applies its product's rules (an amount's
 * decimals, a known currency) with the codes they have always answered.
 */
export type FieldKind =
  /** A row id, page or limit: "3" or 3, a whole number from 1. */
  | 'id'
  /** A whole number from 0 in digits ("30"), with its own range rule (lots, multiple, seconds). */
  | 'int'
  /** A decimal string in the currency's unit ("0.015"); never a JSON number. */
  | 'amount'
  /** Free text or a word from a fixed set (a side, an account, a status). */
  | 'text'
  /** A verification code: six digits. */
  | 'code'
  /** '1'/'0', 'true'/'false' or a JSON boolean. */
  | 'flag';

/** A field with its own limit: at most `max` characters, and `code` answered for a bad value. */
export interface FieldRule {
  kind: FieldKind;
  optional?: true;
  max?: number;
  code?: ErrorCode;
}

/** A field's kind, with "?" when the request may leave it out (or the handler decides, as for "number or amount"). */
export type FieldDecl = FieldKind | `${FieldKind}?` | FieldRule;
export type FieldDecls = Readonly<Record<string, FieldDecl>>;

/** Longer text is refused (VALID.TEXT_TOO_LONG) unless a field says its own limit: no field of the API is near it. */
export const FIELD_MAX_CHARS = 4096;

/** 'read' answers GET, HEAD and POST (the spec names the method, clients vary); 'write' only POST. */
export type EndpointMethod = 'read' | 'write' | 'get';

/** 'required' answers type 999 without a live session; 'optional' resolves one if sent. */
export type EndpointAuth = 'none' | 'optional' | 'required';

export interface EndpointDecl<F extends FieldDecls = FieldDecls, M extends EndpointMethod = EndpointMethod, P extends string = string> {
  method: M;
  /** Without the /api prefix: "/wallet/list". */
  path: P;
  auth: EndpointAuth;
  fields: F;
  /** Served only in some configurations (the dev outbox, the test clock): the route check skips it when absent. */
  optionalRoute?: true;
  /** A multipart upload: its one file field is read by the upload route, not as a form field. */
  multipart?: true;
}

/** An endpoint with the type of its answer's `message`; `Answer` exists only for the compiler. */
export interface Endpoint<F extends FieldDecls = FieldDecls, Answer = unknown, M extends EndpointMethod = EndpointMethod, P extends string = string> extends EndpointDecl<F, M, P> {
  readonly answer?: Answer;
}

type KindOf<D> = D extends FieldKind ? D : D extends `${infer K extends FieldKind}?` ? K : D extends { kind: infer K extends FieldKind } ? K : never;
type IsOptional<D> = D extends `${string}?` ? true : D extends { optional: true } ? true : false;
type SentValue<K extends FieldKind> = K extends 'id' | 'int' ? number | string : K extends 'flag' ? boolean | 0 | 1 : string;
type ParsedValue<K extends FieldKind> = K extends 'id' | 'int' ? number : K extends 'flag' ? boolean : string;
type RequiredOf<F extends FieldDecls, V> = { [N in keyof F as IsOptional<F[N]> extends true ? never : N]: V extends 'sent' ? SentValue<KindOf<F[N]>> : ParsedValue<KindOf<F[N]>> };
type OptionalOf<F extends FieldDecls, V> = { [N in keyof F as IsOptional<F[N]> extends true ? N : never]?: V extends 'sent' ? SentValue<KindOf<F[N]>> | undefined : ParsedValue<KindOf<F[N]>> };

/** The params an app sends to an endpoint, typed from its declared fields. */
export type ParamsOf<E> = E extends Endpoint<infer F, unknown, EndpointMethod, string> ? RequiredOf<F, 'sent'> & OptionalOf<F, 'sent'> : never;
/** The fields a server handler receives, parsed: ids and counts as numbers, flags as booleans, the rest as text. */
export type ParsedFields<F extends FieldDecls> = RequiredOf<F, 'parsed'> & OptionalOf<F, 'parsed'>;
/** The `message` of an ok answer. */
export type AnswerOf<E> = E extends Endpoint<FieldDecls, infer A, EndpointMethod, string> ? A : never;

/**
 * Declares an endpoint answering `Answer`: `endpoint<WalletOverview>()({ ... })`. Curried so the
 * fields are inferred while the answer is named.
 */
export const endpoint =
  <Answer>() =>
  <const F extends FieldDecls, const M extends EndpointMethod, const P extends string>(decl: EndpointDecl<F, M, P>): Endpoint<F, Answer, M, P> =>
    decl;

/** A field's declaration as one rule. */
export function fieldRule(decl: FieldDecl): FieldRule {
  if (typeof decl !== 'string') return decl;
  return decl.endsWith('?') ? { kind: decl.slice(0, -1) as FieldKind, optional: true } : { kind: decl as FieldKind };
}
