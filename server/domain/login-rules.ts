import type { ThrottleRule } from './throttle-rules.ts';

const FIFTEEN_MIN_MS = 15 * 60 * 1000;

/** Failed sign-ins per account before it is locked for the rest of the window. */
export const LOGIN_ACCOUNT_RULES: readonly ThrottleRule[] = [{ limit: 5, windowMs: FIFTEEN_MIN_MS }];
/** Failed sign-ins per IP, across accounts (password spraying). */
export const LOGIN_IP_RULES: readonly ThrottleRule[] = [{ limit: 30, windowMs: FIFTEEN_MIN_MS }];

/**
 * Whether-an-email-is-registered lookups per IP: a sign-up form asks a few times, a list of
 * addresses being checked asks many.
 */
export const EMAIL_CHECK_IP_RULES: readonly ThrottleRule[] = [{ limit: 30, windowMs: FIFTEEN_MIN_MS }];
/** The ration every signed-out answer to "has this email an account" draws from, whichever endpoint gives it. */
export const emailCheckBucket = (ip: string) => ({ bucket: `email_check:ip:${ip}`, rules: EMAIL_CHECK_IP_RULES });
/**
 * The same ration per account, for a signed-in user's lookups (a transfer to an email): per IP it
 * would be shared by everyone behind a carrier's NAT, and the account is what such a probe needs.
 */
export const emailCheckUserBucket = (userId: number) => ({ bucket: `email_check:user:${userId}`, rules: EMAIL_CHECK_IP_RULES });

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** "Stay logged in" keeps the session for 30 days. */
export const SESSION_STAY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const sessionTtlMs = (stay: boolean): number => (stay ? SESSION_STAY_TTL_MS : SESSION_TTL_MS);
