import { FIAT_TRADE_LIMIT_USDT, WITHDRAW_LIMIT_BTC } from '../../contract/api/wallet.ts';
import { decimalToMinor } from './minor-units.ts';

/** Identity verification level: 0 none, 1 basic (real_type 1), 2 advanced (real_type 2). */
export type VerifyLevel = 0 | 1 | 2;

/** BTC equivalents are counted in satoshi-sized units. */
export const BTC_EQUIVALENT_DECIMALS = 8;
/** The withdrawal limit counts what was requested in the trailing 24 h (rejected ones excepted). */
export const WITHDRAW_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Withdrawals need at least this level (section 6: the limits start at Lv1). */
export const WITHDRAW_MIN_LEVEL: VerifyLevel = 1;

/** 'verify': the level is too low to do it at all (answer type 998); 'limit': over this level's limit. */
export type LimitProblem = 'verify' | 'limit' | null;

const toMinor = (text: string, decimals: number): bigint => decimalToMinor(text, decimals) ?? 0n;

export function withdrawLimitMinor(level: VerifyLevel): bigint {
  return toMinor(WITHDRAW_LIMIT_BTC[level], BTC_EQUIVALENT_DECIMALS);
}

/** What is left of the 24 h limit, never below zero. */
export function withdrawLimitLeft(level: VerifyLevel, usedBtcMinor: bigint): bigint {
  const left = withdrawLimitMinor(level) - usedBtcMinor;
  return left > 0n ? left : 0n;
}

export function withdrawLimitProblem(level: VerifyLevel, usedBtcMinor: bigint, requestBtcMinor: bigint): LimitProblem {
  if (level < WITHDRAW_MIN_LEVEL) return 'verify';
  return usedBtcMinor + requestBtcMinor > withdrawLimitMinor(level) ? 'limit' : null;
}

/** Section 6's single fiat trade limit: one top-up or fiat-account exchange, valued in USDT. */
export function fiatTradeProblem(level: VerifyLevel, valueUsdtMinor: bigint, usdtDecimals: number): LimitProblem {
  const limit = toMinor(FIAT_TRADE_LIMIT_USDT[level], usdtDecimals);
  if (limit <= 0n) return 'verify';
  return valueUsdtMinor > limit ? 'limit' : null;
}
