import type { ErrorCode } from './error-codes.ts';

/** The session is missing or invalid on a protected call: the client clears it and goes to login. */
export const TYPE_SESSION_INVALID = 999;
/** Identity verification is required first: the client goes to /pages/setting/real_mark. */
export const TYPE_VERIFY_REQUIRED = 998;

export interface OkEnvelope<T> {
  type: 'ok';
  message: T;
}

export interface ErrorEnvelope {
  type: 'error' | typeof TYPE_SESSION_INVALID | typeof TYPE_VERIFY_REQUIRED;
  /** Localised by the request's `lang`. */
  message: string;
  code: ErrorCode;
  /** The request field the error is about, when there is one. */
  field?: string;
}

export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

/** A page of a list endpoint. Every list endpoint takes `page` (from 1) and `limit`. */
export interface Page<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
}

export const PAGE_LIMIT_DEFAULT = 10;
export const PAGE_LIMIT_MAX = 50;
