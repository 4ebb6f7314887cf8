import type { DueSchedule } from '../../services/due-work/due-work.ts';

/** The due-work kind that settles an earn order (invest or dual), keyed by the order's id. */
export const EARN_SETTLE_KIND = 'earn.settle';

/**
 * How long after the fixing time the settlement is first tried: the window's last minute reaches
 * the stored candles within a second or two (market data writes them every second).
 */
export const FIXING_GRACE_MS = 10_000;

/** One settlement per order, at its fixing time; scheduled by the transaction that buys it. */
export const earnSettleDue = (orderId: number, fixingAt: Date): DueSchedule => ({
  kind: EARN_SETTLE_KIND, key: `order:${orderId}`, dueAt: new Date(fixingAt.getTime() + FIXING_GRACE_MS),
});
