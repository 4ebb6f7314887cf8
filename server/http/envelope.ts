import { TYPE_SESSION_INVALID, TYPE_VERIFY_REQUIRED, type Envelope, type ErrorEnvelope, type OkEnvelope } from '../../contract/envelope.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import type { Locale } from '../../contract/locales.ts';
import type { Outcome } from '../domain/outcome.ts';
import { errorText } from './error-texts.ts';

export const okEnvelope = <T>(message: T): OkEnvelope<T> => ({ type: 'ok', message });

/**
 * `session` answers type 999: the client drops its token and goes to the login page. `verify`
 * answers type 998: the client goes to identity verification.
 */
export function errorEnvelope(code: ErrorCode, locale: Locale, field?: string, session = false, verify = false): ErrorEnvelope {
  const type = session ? TYPE_SESSION_INVALID : verify ? TYPE_VERIFY_REQUIRED : 'error';
  const envelope: ErrorEnvelope = { type, message: errorText(code, locale), code };
  if (field) envelope.field = field;
  return envelope;
}

export function outcomeEnvelope<T>(outcome: Outcome<T>, locale: Locale): Envelope<T> {
  return outcome.ok ? okEnvelope(outcome.value) : errorEnvelope(outcome.code, locale, outcome.field, outcome.session === true, outcome.verify === true);
}

/** What mutations without a payload answer; the client shows its own success text. */
export const DONE = 'ok';
