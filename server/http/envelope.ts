import { TYPE_SESSION_INVALID, type Envelope, type ErrorEnvelope, type OkEnvelope } from '../../contract/envelope.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import type { Locale } from '../../contract/locales.ts';
import type { Outcome } from '../domain/outcome.ts';
import { errorText } from './error-texts.ts';

export const okEnvelope = <T>(message: T): OkEnvelope<T> => ({ type: 'ok', message });

/** `session` answers type 999: the client drops its token and goes to the login page. */
export function errorEnvelope(code: ErrorCode, locale: Locale, field?: string, session = false): ErrorEnvelope {
  const envelope: ErrorEnvelope = { type: session ? TYPE_SESSION_INVALID : 'error', message: errorText(code, locale), code };
  if (field) envelope.field = field;
  return envelope;
}

export function outcomeEnvelope<T>(outcome: Outcome<T>, locale: Locale): Envelope<T> {
  return outcome.ok ? okEnvelope(outcome.value) : errorEnvelope(outcome.code, locale, outcome.field, outcome.session === true);
}

/** What mutations without a payload answer; the client shows its own success text. */
export const DONE = 'ok';
