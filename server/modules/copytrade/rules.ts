import type { CopyMode } from '../../../contract/api/copytrade.ts';

/**
 * Copy trading's pure rules (PRODUCT-RULES "Copy trading", spec section 9): sizes of copies and of
 * mirrored partial closes, the profit share, trader figures. Integers only: lots are whole, a
 * multiple is in hundredths, money in minor units, rates in parts per million.
 */

export const MAX_MULTIPLE_UNITS = 10_000; // 100x
export const MAX_FIXED_LOTS = 10_000;
export const MAX_PROFIT_SHARE_PPM = 300_000; // 30 %, Binance's ceiling for lead traders
export const DEFAULT_PROFIT_SHARE_PPM = 100_000;
export const DEFAULT_MAX_FOLLOWERS = 500;
const PPM = 1_000_000n;

/** The spec's `type`: 1 fixed multiple, 2 fixed lots, or the words. */
export function modeOf(raw: string): CopyMode | null {
  const value = raw.trim().toLowerCase();
  if (value === '1' || value === 'multiple') return 'multiple';
  if (value === '2' || value === 'lots') return 'lots';
  return null;
}

/** A multiple "1.25" as hundredths (125), or whole lots; null when not a positive value of that shape within limits. */
export function numberUnitsOf(mode: CopyMode, text: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction] = match;
  if (mode === 'lots') {
    const lots = Number(whole);
    return fraction === undefined && lots >= 1 && lots <= MAX_FIXED_LOTS ? lots : null;
  }
  const units = Number(whole) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  return units >= 1 && units <= MAX_MULTIPLE_UNITS ? units : null;
}

export function numberText(mode: CopyMode, units: number): string {
  if (mode === 'lots') return String(units);
  const fraction = units % 100;
  return fraction === 0 ? String(units / 100) : `${Math.floor(units / 100)}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * Whole lots of numerator / denominator: a result that is not whole and is above 1 is first rounded
 * to 2 decimals (half up: spec section 9), then every result is rounded down to the lot step.
 */
export function roundedLots(numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n || numerator <= 0n) return 0;
  if (numerator % denominator === 0n || numerator <= denominator) return Number(numerator / denominator);
  const hundredths = (numerator * 200n + denominator) / (2n * denominator);
  return Number(hundredths / 100n);
}

/** The follower's lots for a trader's open of `traderLots`. */
export function copyLots(mode: CopyMode, units: number, traderLots: number): number {
  return mode === 'lots' ? units : roundedLots(BigInt(traderLots) * BigInt(units), 100n);
}

/** follower close = follower position x trader close / trader position (all of it when the trader closes all), never more than held. */
export function partialCloseLots(followerLots: number, traderClosed: number, traderBefore: number): number {
  if (traderClosed >= traderBefore) return followerLots;
  return Math.min(followerLots, roundedLots(BigInt(followerLots) * BigInt(traderClosed), BigInt(traderBefore)));
}

/** Binance: to settle = max(cumulative realised PnL x share - already shared, 0), the share rounded down. */
export function profitShareDue(realisedMinor: bigint, sharePpm: number, sharedMinor: bigint): bigint {
  if (realisedMinor <= 0n) return 0n;
  const owed = (realisedMinor * BigInt(sharePpm)) / PPM - sharedMinor;
  return owed > 0n ? owed : 0n;
}

/** Win rate in ppm: winning closed trades / closed trades (0 without any). */
export function accuracyPpm(wins: number, closed: number): number {
  return closed === 0 ? 0 : Math.floor((wins * 1_000_000) / closed);
}

/** ROI in ppm: profit / (equity at the window's start + deposits in it), rounded toward zero; 0 without a positive base. */
export function yieldPpm(profitMinor: bigint, baseMinor: bigint): number {
  if (baseMinor <= 0n) return 0;
  return Number((profitMinor * PPM) / baseMinor);
}

/** A ppm rate as a fraction with 4 places ("0.1234"), rounded toward zero. */
export function ppmFraction(ppm: number): string {
  const hundredths = Math.floor(Math.abs(ppm) / 100);
  // A loss smaller than the last place shows as 0, never "-0.0000".
  const sign = ppm < 0 && hundredths > 0 ? '-' : '';
  return `${sign}${Math.floor(hundredths / 10_000)}.${String(hundredths % 10_000).padStart(4, '0')}`;
}

/** A fraction text ("0.1", at most 6 places) as ppm, or null. */
export function fractionPpm(text: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'));
}
