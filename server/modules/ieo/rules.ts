import type { IeoPhase, IeoPhaseFilter } from '../../../contract/api/ieo.ts';
import type { ErrorCode } from '../../../contract/error-codes.ts';

/**
 * The IEO's money and time rules, pure: time is passed in, amounts are bigint minor units. A price is
 * the pay currency's minor units per WHOLE token; a token amount is in the token's minor units
 * (`tokenDecimals` places), so a cost is amount x price / 10^tokenDecimals pay minor units.
 */

export interface ProjectTimes {
  state: 'open' | 'calculating' | 'distributed';
  startAt: string;
  endAt: string;
}

/** warm-up before the start, in progress until the end, then ended until the allocation has run. */
export function phaseOf(p: ProjectTimes, now: Date): IeoPhase {
  if (p.state !== 'open') return p.state;
  const t = now.toISOString();
  if (t < p.startAt) return 'warmup';
  if (t < p.endAt) return 'in_progress';
  return 'ended';
}

export function isPhaseFilter(text: string): text is IeoPhaseFilter {
  return text === 'warmup' || text === 'in_progress' || text === 'ended';
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;
const scale = (decimals: number): bigint => 10n ** BigInt(decimals);

/**
 * What `tokens` cost, rounded UP to the pay currency's minor unit: the buyer pays at least what the
 * tokens are worth at the fixed price (the issuer never sells a fraction of a unit below price),
 * by less than one minor unit. The freeze at subscription and the payment at allocation round the
 * same way, so the payment of an allocation never passes what its subscription froze.
 */
export function costOf(tokens: bigint, priceMinor: bigint, tokenDecimals: number): bigint {
  return ceilDiv(tokens * priceMinor, scale(tokenDecimals));
}

export interface Settlement {
  paid: bigint;
  refund: bigint;
}

/**
 * The payment for an allocation (costOf, so rounded up, for the reason given there) and the refund:
 * the rest of what was frozen. The payment is clamped to the frozen amount: allocation <= tokens
 * subscribed already keeps it there (the cost of each order was rounded up too), the clamp makes
 * "never more than committed" hold whatever the inputs.
 */
export function settlementOf(allocated: bigint, committed: bigint, priceMinor: bigint, tokenDecimals: number): Settlement {
  const cost = costOf(allocated, priceMinor, tokenDecimals);
  const paid = cost < committed ? cost : committed;
  return { paid, refund: committed - paid };
}

export interface Limits {
  minMinor: bigint;
  maxMinor: bigint;
}

/** An order of `amount` tokens on top of `earlier` already subscribed: below the minimum or above the maximum. */
export function limitProblem(amount: bigint, earlier: bigint, limits: Limits): ErrorCode | null {
  const total = amount + earlier;
  if (total < limits.minMinor) return 'IEO.BELOW_MIN';
  if (total > limits.maxMinor) return 'IEO.ABOVE_MAX';
  return null;
}

/** Why a project takes no subscription now (warm-up, over, halted), or null. */
export function windowProblem(p: ProjectTimes & { paused: boolean }, now: Date): ErrorCode | null {
  const phase = phaseOf(p, now);
  if (phase === 'warmup') return 'IEO.NOT_STARTED';
  if (phase !== 'in_progress') return 'IEO.ENDED';
  if (p.paused) return 'IEO.PAUSED';
  return null;
}
