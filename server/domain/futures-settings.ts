import type { MarketCategory } from '../../contract/api/market.ts';

/**
 * Per-symbol futures terms: the category's defaults, overridden field by field by the symbol's own
 * row (contract_settings, keyed by "coin", "stock" or a symbol such as "BTC/USDT"). Defaults:
 *  - coin:  multiples 5/10/20/50/100, handling fee 0.05 % (500 ppm) of the notional at open and at
 *           close, overnight fee 0.02 % (200 ppm) of the open notional a day, lot size 1 coin
 *           (seeded per symbol so one lot is worth 10-100 USDT at the reference price), 1-1,000 lots an order;
 *  - stock: multiples 2/5/10/20, fee 0.1 % (1,000 ppm), overnight 0.03 % (300 ppm), lot size 1 share.
 * Global parameters (contract_params): liquidation at a risk rate of 50 %, overnight fee at 00:00 UTC.
 */

export interface FuturesTerms {
  multiples: number[];
  /** Lot size in 10^-8 base units. */
  lotSizeScaled: bigint;
  minLots: number;
  maxLots: number;
  feeRatePpm: number;
  overnightRatePpm: number;
  enabled: boolean;
}

export interface TermsRow {
  multiples: string | null;
  lot_size: string | null;
  min_lots: number | null;
  max_lots: number | null;
  fee_rate_ppm: number | null;
  overnight_rate_ppm: number | null;
  enabled: number | null;
}

export const CATEGORY_DEFAULTS: Readonly<Record<MarketCategory, FuturesTerms>> = {
  coin: { multiples: [5, 10, 20, 50, 100], lotSizeScaled: 100_000_000n, minLots: 1, maxLots: 1000, feeRatePpm: 500, overnightRatePpm: 200, enabled: true },
  stock: { multiples: [2, 5, 10, 20], lotSizeScaled: 100_000_000n, minLots: 1, maxLots: 1000, feeRatePpm: 1000, overnightRatePpm: 300, enabled: true },
};

export interface ContractParams {
  /** Risk rate (ppm) at or below which an account is liquidated: 500000 = 50 %. */
  liquidationRatePpm: number;
  /** Minutes after 00:00 UTC when the day's overnight fee is charged. */
  overnightMinuteUtc: number;
  /** Open + pending positions a user may hold at once. */
  maxOpenPositions: number;
  /** Open options a user may hold at once. */
  maxOpenOptions: number;
}

export const DEFAULT_PARAMS: ContractParams = { liquidationRatePpm: 500_000, overnightMinuteUtc: 0, maxOpenPositions: 100, maxOpenOptions: 20 };

const MULTIPLE_MAX = 1000;

/** "5,10,20" -> [5, 10, 20] (ascending, unique); null when the text is not such a list. */
export function parseMultiples(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !/^[1-9]\d{0,3}$/.test(p))) return null;
  const values = [...new Set(parts.map(Number))].filter((n) => n <= MULTIPLE_MAX).sort((a, b) => a - b);
  return values.length === parts.length ? values : null;
}

/** A positive decimal with at most 8 places ("0.01") in 10^-8 units; null otherwise. */
export function parseScaled(text: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!match) return null;
  const value = BigInt((match[1] ?? '0') + (match[2] ?? '').padEnd(8, '0'));
  return value > 0n ? value : null;
}

function field<T>(own: T | null | undefined, fallback: T | null | undefined, last: T): T {
  return own ?? fallback ?? last;
}

/** The effective terms: symbol row, then category row, then the code's defaults; bad stored values fall back. */
export function mergeTerms(category: MarketCategory, categoryRow: TermsRow | undefined, symbolRow: TermsRow | undefined): FuturesTerms {
  const base = CATEGORY_DEFAULTS[category];
  const multiplesText = field(symbolRow?.multiples, categoryRow?.multiples, null);
  const lotText = field(symbolRow?.lot_size, categoryRow?.lot_size, null);
  const minLots = field(symbolRow?.min_lots, categoryRow?.min_lots, base.minLots);
  const maxLots = field(symbolRow?.max_lots, categoryRow?.max_lots, base.maxLots);
  return {
    multiples: (multiplesText !== null ? parseMultiples(multiplesText) : null) ?? base.multiples,
    lotSizeScaled: (lotText !== null ? parseScaled(lotText) : null) ?? base.lotSizeScaled,
    minLots: minLots >= 1 ? minLots : base.minLots,
    maxLots: maxLots >= minLots ? maxLots : base.maxLots,
    feeRatePpm: Math.max(0, field(symbolRow?.fee_rate_ppm, categoryRow?.fee_rate_ppm, base.feeRatePpm)),
    overnightRatePpm: Math.max(0, field(symbolRow?.overnight_rate_ppm, categoryRow?.overnight_rate_ppm, base.overnightRatePpm)),
    enabled: field(symbolRow?.enabled, categoryRow?.enabled, 1) === 1,
  };
}

/**
 * A lot size for a coin that makes one lot worth more than 10 and at most 100 USDT at `priceTicks` (10^-8 USDT):
 * the power of ten nearest 100 USDT / price, never below 10^-8 nor above 10^8 coins. Used when seeding.
 */
export function suggestedLotScaled(priceTicks: bigint): bigint {
  if (priceTicks <= 0n) return CATEGORY_DEFAULTS.coin.lotSizeScaled;
  let lot = 1n; // 10^-8 coin
  const target = 100n * 10n ** 16n; // 100 USDT in 10^-16 units (price ticks x scaled lots)
  while (lot < 10n ** 16n && priceTicks * lot * 10n <= target) lot *= 10n;
  return lot;
}

/** The overnight charge instants in (fromMs, toMs]: one a day at the configured minute. */
export function overnightInstants(fromMs: number, toMs: number, minuteUtc: number): number[] {
  const DAY = 86_400_000;
  const offset = minuteUtc * 60_000;
  const instants: number[] = [];
  let t = Math.floor((fromMs - offset) / DAY) * DAY + offset;
  if (t <= fromMs) t += DAY;
  for (; t <= toMs && instants.length < 3660; t += DAY) instants.push(t);
  return instants;
}
