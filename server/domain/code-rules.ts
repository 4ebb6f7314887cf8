import { CODE_TTL_S, RESEND_AFTER_S } from '../../contract/api/account.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import type { ThrottleRule } from './throttle-rules.ts';

export const CODE_TTL_MS = CODE_TTL_S * 1000;
/** Wrong guesses a code survives; 5 tries of a 6-digit code is a 1-in-200,000 chance. */
export const CODE_MAX_ATTEMPTS = 5;

/** Sending to one address: one per minute, ten per hour (the client shows the countdown). */
export const CODE_TARGET_RULES: readonly ThrottleRule[] = [
  { limit: 1, windowMs: RESEND_AFTER_S * 1000 },
  { limit: 10, windowMs: 60 * 60 * 1000 },
];
/** Sending from one IP to any addresses: stops one client from mailing the world. */
export const CODE_IP_LIMIT_PER_HOUR = 30;
/** Codes one IP may ask for; the limit is CODES_PER_IP_HOUR (default CODE_IP_LIMIT_PER_HOUR). */
export const codeIpRules = (limitPerHour: number = CODE_IP_LIMIT_PER_HOUR): readonly ThrottleRule[] => [{ limit: limitPerHour, windowMs: 60 * 60 * 1000 }];
export const CODE_IP_RULES: readonly ThrottleRule[] = codeIpRules();

export interface StoredCode {
  expiresAtMs: number;
  attempts: number;
}

/** Why a stored code cannot be tried any more, or null when it can. */
export function codeUnusableReason(code: StoredCode, nowMs: number): ErrorCode | null {
  if (code.attempts >= CODE_MAX_ATTEMPTS) return 'CODE.TOO_MANY_ATTEMPTS';
  if (nowMs >= code.expiresAtMs) return 'CODE.EXPIRED';
  return null;
}

/** Six digits with leading zeros, from a uniform integer in [0, 1e6). */
export const formatCode = (n: number): string => String(n).padStart(6, '0');

/** Scenes whose code goes to the signed-in user's own address, whatever the request names. */
export const OWN_ADDRESS_SCENES: readonly string[] = ['update_password', 'pay_password'];
/** Scenes that need a signed-in user (binding a new address, or proving the account's own). */
export const SIGNED_IN_SCENES: readonly string[] = [...OWN_ADDRESS_SCENES, 'bind_mobile', 'bind_email'];
