import type { OptionDirection, OptionOutcome } from '../../contract/api/contracts.ts';
import { dealTicks } from './futures-math.ts';
import { systemAccount, userAccount, type PostingDraft } from './ledger.ts';

/**
 * Seconds options. The stake is frozen in the micro fund account at the entry price (below). At
 * expiry the option settles once against the first mark price at or after the expiry instant:
 *  - up wins when that mark is above the entry price, down wins when it is below;
 *  - a win returns the stake plus stake x profit rate (rounded down), paid by the house;
 *  - a loss gives the stake to the house;
 *  - an equal price is a draw and refunds the stake.
 */

export const OPTION_ACCOUNT = 'micro' as const;
const PPM = 1_000_000n;

/** The book's best prices in ticks, either side possibly empty. */
export interface QuoteTicks {
  bid: bigint | null;
  ask: bigint | null;
}

/**
 * The entry price: of the mark, the target it is smoothing towards and the price the book deals at
 * (the best ask for an "up", the best bid for a "down"), the worse for the buyer.
 * - The target is public and the mark only trails it, so an "up" entered at a mark below its target
 *   (or a "down" above it) would be won by waiting, and paid by the house.
 * - Within the spread the target is anyone's to move: on a quiet book, an "up" entered at a mark at
 *   rest mid-spread, then one crumb bought at the ask, lifts the target to the ask and the mark after
 *   it. Entered at the ask, an "up" wins only if the market goes beyond what the book offers now,
 *   which takes buying the whole level, not a crumb. The spread is the option's price, as on an exchange.
 */
export function optionEntryTicks(direction: OptionDirection, markTicks: bigint, targetTicks: bigint, quote: QuoteTicks = { bid: null, ask: null }): bigint {
  return dealTicks(direction === 'up', markTicks, targetTicks, direction === 'up' ? quote.ask : quote.bid);
}

export function optionOutcome(direction: OptionDirection, entryTicks: bigint, exitTicks: bigint): OptionOutcome {
  if (exitTicks === entryTicks) return 'draw';
  return (exitTicks > entryTicks) === (direction === 'up') ? 'win' : 'lose';
}

/** What a win adds to the stake. */
export const optionProfitMinor = (stakeMinor: bigint, profitRatePpm: number): bigint => (stakeMinor * BigInt(profitRatePpm)) / PPM;

/** Signed result for the user: +profit, -stake or 0. */
export function optionResultMinor(outcome: OptionOutcome, stakeMinor: bigint, profitRatePpm: number): bigint {
  if (outcome === 'win') return optionProfitMinor(stakeMinor, profitRatePpm);
  return outcome === 'lose' ? -stakeMinor : 0n;
}

export function stakePostings(userId: number, currencyId: number, stakeMinor: bigint): PostingDraft[] {
  const own = userAccount(userId, OPTION_ACCOUNT, currencyId);
  return [
    { account: own, bucket: 'available', amountMinor: -stakeMinor, kind: 'option_stake' },
    { account: own, bucket: 'frozen', amountMinor: stakeMinor, kind: 'option_stake' },
  ];
}

export function settlePostings(userId: number, currencyId: number, stakeMinor: bigint, outcome: OptionOutcome, profitMinor: bigint): PostingDraft[] {
  const own = userAccount(userId, OPTION_ACCOUNT, currencyId);
  const house = systemAccount('house', currencyId);
  const postings: PostingDraft[] = [{ account: own, bucket: 'frozen', amountMinor: -stakeMinor, kind: `option_${outcome}` }];
  if (outcome === 'lose') {
    postings.push({ account: house, bucket: 'available', amountMinor: stakeMinor, kind: 'option_lose' });
    return postings;
  }
  postings.push({ account: own, bucket: 'available', amountMinor: stakeMinor, kind: `option_${outcome}` });
  if (outcome === 'win' && profitMinor > 0n) {
    postings.push(
      { account: house, bucket: 'available', amountMinor: -profitMinor, kind: 'option_profit' },
      { account: own, bucket: 'available', amountMinor: profitMinor, kind: 'option_profit' },
    );
  }
  return postings;
}
