/**
 * One API endpoint, declared once: the server registers its route from this (method, path, auth, the
 * fields its handler may read) and the app's api/ modules call it with params typed from it. Section
 * 7's paths, without the /api prefix the server adds.
 */

/**
 * What a field is on the wire. The server checks the shape before a handler runs: an id is a whole
 * number from 1; every field is text of at most FIELD_MAX_CHARS. Each handler then applies its own
 * rules (an amount's decimals, a known currency) with the codes they have always answered.
 */
export type FieldKind =
  /** A row id, page or limit: "3" or 3. */
  | 'id'
  /** A whole count with its own range rule (lots, multiple, seconds). */
  | 'int'
  /** A decimal string in the currency's unit ("0.015"); never a JSON number. */
  | 'amount'
  /** Free text or a word from a fixed set (a side, an account, a status). */
  | 'text'
  /** '1'/'0', 'true'/'false' or a JSON boolean. */
  | 'flag';

/** A field's kind, with "?" when the request may leave it out (or the handler decides, as for "number or amount"). */
export type FieldDecl = FieldKind | `${FieldKind}?`;
export type FieldDecls = Readonly<Record<string, FieldDecl>>;

/** Longer text is refused (VALID.TEXT_TOO_LONG) before any handler: no field of the API is near it. */
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

type KindValue<K extends FieldKind> = K extends 'id' | 'int' ? number | string : K extends 'flag' ? boolean | 0 | 1 : string;
type Required<F extends FieldDecls> = { [N in keyof F as F[N] extends `${string}?` ? never : N]: F[N] extends FieldKind ? KindValue<F[N]> : never };
type Optional<F extends FieldDecls> = { [N in keyof F as F[N] extends `${string}?` ? N : never]?: F[N] extends `${infer K extends FieldKind}?` ? KindValue<K> | undefined : never };

/** The params an app sends to an endpoint, typed from its declared fields. */
export type ParamsOf<E> = E extends Endpoint<infer F, unknown, EndpointMethod, string> ? Required<F> & Optional<F> : never;
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

/** The field's kind without its "?", and whether the request must send it. */
export function fieldKind(decl: FieldDecl): { kind: FieldKind; required: boolean } {
  return decl.endsWith('?') ? { kind: decl.slice(0, -1) as FieldKind, required: false } : { kind: decl as FieldKind, required: true };
}
