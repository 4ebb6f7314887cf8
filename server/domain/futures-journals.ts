import type { LeverAccount } from '../../contract/api/contracts.ts';
import { systemAccount, userAccount, type PostingDraft } from './ledger.ts';

/**
 * The money of futures positions as journals. The house is the counterparty of every position: a
 * user's profit is paid by the house account and a loss is paid to it. Margin sits in the frozen
 * bucket of the user's lever (or stock) account while a position is open; a pending limit order holds
 * margin + open fee there. Fees go to the fees account. A loss beyond everything the account holds is
 * paid to the house by the insurance account, so no user balance ever goes below zero.
 * Zero amounts make no posting (the ledger refuses zero postings).
 */

export interface FuturesAccount {
  userId: number;
  account: LeverAccount;
  currencyId: number;
}

const own = (a: FuturesAccount) => userAccount(a.userId, a.account, a.currencyId);

function push(list: PostingDraft[], ...postings: PostingDraft[]): void {
  for (const p of postings) if (p.amountMinor !== 0n) list.push(p);
}

/** A market open: margin moves to frozen, the open fee to the fees account. */
export function openPostings(a: FuturesAccount, margin: bigint, fee: bigint): PostingDraft[] {
  const list: PostingDraft[] = [];
  push(list,
    { account: own(a), bucket: 'available', amountMinor: -margin, kind: 'lever_margin' },
    { account: own(a), bucket: 'frozen', amountMinor: margin, kind: 'lever_margin' },
    { account: own(a), bucket: 'available', amountMinor: -fee, kind: 'lever_fee' },
    { account: systemAccount('fees', a.currencyId), bucket: 'available', amountMinor: fee, kind: 'lever_fee' },
  );
  return list;
}

/** A limit order waits with margin + fee (at its limit price) frozen. */
export function holdPostings(a: FuturesAccount, hold: bigint): PostingDraft[] {
  return [
    { account: own(a), bucket: 'available', amountMinor: -hold, kind: 'lever_hold' },
    { account: own(a), bucket: 'frozen', amountMinor: hold, kind: 'lever_hold' },
  ];
}

/** A cancelled limit order gives its hold back. */
export function releaseHoldPostings(a: FuturesAccount, hold: bigint): PostingDraft[] {
  return [
    { account: own(a), bucket: 'frozen', amountMinor: -hold, kind: 'lever_hold_release' },
    { account: own(a), bucket: 'available', amountMinor: hold, kind: 'lever_hold_release' },
  ];
}

/** A limit order opened: of its hold, the margin stays frozen, the fee goes, the rest comes back (a better price needs less). */
export function fillPostings(a: FuturesAccount, hold: bigint, margin: bigint, fee: bigint): PostingDraft[] {
  if (margin + fee > hold) throw new Error('a fill cannot need more than its hold');
  const list: PostingDraft[] = [];
  push(list,
    { account: own(a), bucket: 'frozen', amountMinor: margin - hold, kind: 'lever_hold_release' },
    { account: own(a), bucket: 'available', amountMinor: hold - margin - fee, kind: 'lever_hold_release' },
    { account: systemAccount('fees', a.currencyId), bucket: 'available', amountMinor: fee, kind: 'lever_fee' },
  );
  return list;
}

export interface MarginDraw {
  positionId: number;
  amountMinor: bigint;
}

export interface ClosePlan {
  releasedMargin: bigint;
  /** Profit paid by the house (0 on a loss). */
  profit: bigint;
  lossFromAvailable: bigint;
  /** A loss beyond available (after the released margin) taken from the account's other margins. */
  lossFromMargins: MarginDraw[];
  /** What is left of the loss, paid to the house by the insurance account. */
  lossFromInsurance: bigint;
  /** The close fee, capped at what is left in available. */
  fee: bigint;
  availableAfter: bigint;
}

export interface CloseInput {
  availableMinor: bigint;
  marginMinor: bigint;
  pnlMinor: bigint;
  feeMinor: bigint;
  /** The account's other open positions' margins, drawn in this order for a loss beyond available. */
  otherMargins: readonly MarginDraw[];
}

/** Who pays what when a position closes: release the margin, settle PnL with the house, then the fee. */
export function planClose(x: CloseInput): ClosePlan {
  let available = x.availableMinor + x.marginMinor;
  const profit = x.pnlMinor > 0n ? x.pnlMinor : 0n;
  available += profit;
  let loss = x.pnlMinor < 0n ? -x.pnlMinor : 0n;
  const lossFromAvailable = loss < available ? loss : available;
  available -= lossFromAvailable;
  loss -= lossFromAvailable;
  const lossFromMargins: MarginDraw[] = [];
  for (const other of x.otherMargins) {
    if (loss === 0n) break;
    const take = loss < other.amountMinor ? loss : other.amountMinor;
    if (take > 0n) lossFromMargins.push({ positionId: other.positionId, amountMinor: take });
    loss -= take;
  }
  const fee = x.feeMinor < available ? x.feeMinor : available;
  available -= fee;
  return { releasedMargin: x.marginMinor, profit, lossFromAvailable, lossFromMargins, lossFromInsurance: loss, fee, availableAfter: available };
}

export function closePostings(a: FuturesAccount, plan: ClosePlan): PostingDraft[] {
  const house = systemAccount('house', a.currencyId);
  const list: PostingDraft[] = [];
  push(list,
    { account: own(a), bucket: 'frozen', amountMinor: -plan.releasedMargin, kind: 'lever_margin_release' },
    { account: own(a), bucket: 'available', amountMinor: plan.releasedMargin, kind: 'lever_margin_release' },
    { account: house, bucket: 'available', amountMinor: -plan.profit, kind: 'lever_profit' },
    { account: own(a), bucket: 'available', amountMinor: plan.profit, kind: 'lever_profit' },
    { account: own(a), bucket: 'available', amountMinor: -plan.lossFromAvailable, kind: 'lever_loss' },
    { account: house, bucket: 'available', amountMinor: plan.lossFromAvailable, kind: 'lever_loss' },
  );
  for (const draw of plan.lossFromMargins) {
    push(list,
      { account: own(a), bucket: 'frozen', amountMinor: -draw.amountMinor, kind: 'lever_loss' },
      { account: house, bucket: 'available', amountMinor: draw.amountMinor, kind: 'lever_loss' },
    );
  }
  push(list,
    { account: systemAccount('insurance', a.currencyId), bucket: 'available', amountMinor: -plan.lossFromInsurance, kind: 'lever_insurance' },
    { account: house, bucket: 'available', amountMinor: plan.lossFromInsurance, kind: 'lever_insurance' },
    { account: own(a), bucket: 'available', amountMinor: -plan.fee, kind: 'lever_fee' },
    { account: systemAccount('fees', a.currencyId), bucket: 'available', amountMinor: plan.fee, kind: 'lever_fee' },
  );
  return list;
}

export interface OvernightPlan {
  fromAvailable: bigint;
  /** Taken from the position's own margin when available is short. */
  fromMargin: bigint;
  /** What could not be paid at all (the account is empty): not charged. */
  waived: bigint;
}

/** The day's overnight fee: from available first, then from the position's own margin; never more than there is. */
export function planOvernight(feeMinor: bigint, availableMinor: bigint, marginMinor: bigint): OvernightPlan {
  const fromAvailable = feeMinor < availableMinor ? feeMinor : availableMinor;
  const rest = feeMinor - fromAvailable;
  const fromMargin = rest < marginMinor ? rest : marginMinor;
  return { fromAvailable, fromMargin, waived: rest - fromMargin };
}

export function overnightPostings(a: FuturesAccount, plan: OvernightPlan): PostingDraft[] {
  const list: PostingDraft[] = [];
  push(list,
    { account: own(a), bucket: 'available', amountMinor: -plan.fromAvailable, kind: 'lever_overnight' },
    { account: own(a), bucket: 'frozen', amountMinor: -plan.fromMargin, kind: 'lever_overnight' },
    { account: systemAccount('fees', a.currencyId), bucket: 'available', amountMinor: plan.fromAvailable + plan.fromMargin, kind: 'lever_overnight' },
  );
  return list;
}
