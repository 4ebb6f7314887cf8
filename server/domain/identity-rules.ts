import type { RealState } from '../../contract/api/wallet.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import type { VerifyLevel } from './limit-rules.ts';
import { maskMiddle } from './masking.ts';

/**
 * Identity verification (section 4): level 1 is a name and an identity document number (real_type 1),
 * level 2 the document's photos (real_type 2). Each submission is reviewed by an operator:
 * pending -> approved or rejected. users.real_state follows the latest submission.
 */
export const ID_TYPES = ['id_card', 'passport', 'driver_license'] as const;
export type IdType = (typeof ID_TYPES)[number];
export type ReviewState = 'pending' | 'approved' | 'rejected';

export interface Submission {
  level: 1 | 2;
  state: ReviewState;
}

// Letters of any script, with the spaces, dots, apostrophes and hyphens real names have.
const REAL_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'·-]*[\p{L}\p{M}.]$/u;
const ID_NUMBER: Record<IdType, RegExp> = {
  // Mainland resident ID: 15 or 18 characters, the last may be X; other regions' cards are 6-18.
  id_card: /^[A-Z0-9]{6,18}$/,
  passport: /^[A-Z0-9]{5,20}$/,
  driver_license: /^[A-Z0-9-]{5,20}$/,
};

export function checkRealName(name: string): ErrorCode | null {
  const length = [...name].length;
  return length >= 2 && length <= 50 && REAL_NAME.test(name) ? null : 'VALID.REAL_NAME';
}

/** The document number upper-cased without spaces, or null when it cannot be one. */
export function normaliseIdNumber(idType: IdType, raw: string): string | null {
  const text = raw.replace(/\s/g, '').toUpperCase();
  return ID_NUMBER[idType].test(text) ? text : null;
}

export const maskIdNumber = (cardId: string): string => (cardId ? maskMiddle(cardId, 4, 4) : '');

/** The highest level an operator approved. */
export function verifiedLevel(submissions: readonly Submission[]): VerifyLevel {
  return submissions.reduce<VerifyLevel>((level, s) => (s.state === 'approved' && s.level > level ? s.level : level), 0);
}

/** users.real_state: 0 never submitted, 1 under review, 2 verified, 3 failed (the latest submission). */
export function realStateOf(latest: Submission | undefined): RealState['real_state'] {
  if (!latest) return 0;
  return latest.state === 'pending' ? 1 : latest.state === 'approved' ? 2 : 3;
}

export interface SubmissionContext {
  requested: 1 | 2;
  level: VerifyLevel;
  latest: Submission | undefined;
  emailBound: boolean;
  phoneBound: boolean;
}

/** Why this submission may not be made now, or null. */
export function submissionProblem(c: SubmissionContext): ErrorCode | null {
  if (!c.emailBound || !c.phoneBound) return 'KYC.BINDING_REQUIRED';
  if (c.latest?.state === 'pending') return 'KYC.UNDER_REVIEW';
  if (c.level >= c.requested) return 'KYC.ALREADY_VERIFIED';
  if (c.requested === 2 && c.level < 1) return 'KYC.LEVEL1_REQUIRED';
  return null;
}
