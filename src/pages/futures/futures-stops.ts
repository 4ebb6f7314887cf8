import type { PositionSide } from '../../../contract/api/contracts.ts';
import { compareDecimal, isDecimalString } from '../../lib/decimal.ts';
import { isOnStep } from '../../lib/order-math.ts';

/**
 * Take-profit and stop-loss checks before an order or a stop change is sent (the contract's rules,
 * contract/api/contracts.ts): a long needs stop-loss < reference < take-profit, a short
 * take-profit < reference < stop-loss. The reference is the limit price of a limit order, the mark
 * for an open position, and for a market order both the mark and the price it opens at
 * (stopReference). Both stops are optional; an empty box is no stop.
 */

export type StopKind = 'tp' | 'sl';
/** Not a positive price on the tick; or on the wrong side of the reference. */
export type StopProblem = 'invalid' | 'must_be_above' | 'must_be_below';

/** Where a stop must be relative to the reference: a long's take-profit above, its stop-loss below; a short mirrored. */
export function stopSide(side: PositionSide, kind: StopKind): 'above' | 'below' {
  return (side === 'long') === (kind === 'tp') ? 'above' : 'below';
}

export interface StopInput {
  side: PositionSide;
  /** Limit price or mark; when unknown or malformed only the price form is checked (the server checks the rest). */
  reference: string | null | undefined;
  /** Normalised input ("" = no stop). */
  value: string;
  tickSize: string;
}

export function checkStop(kind: StopKind, { side, reference, value, tickSize }: StopInput): StopProblem | null {
  if (value === '') return null;
  if (!isDecimalString(value) || compareDecimal(value, '0') <= 0 || !isOnStep(value, tickSize)) return 'invalid';
  if (!reference || !isDecimalString(reference)) return null;
  const order = compareDecimal(value, reference);
  if (stopSide(side, kind) === 'above') return order > 0 ? null : 'must_be_above';
  return order < 0 ? null : 'must_be_below';
}

/**
 * The price a stop must clear. A market order opens at `dealt` (its preview's price, the book's for
 * its size), not at the mark, and the server holds its stops beyond both: a long's take-profit between
 * the mark and a higher open price would close it at a loss. So the stricter of the two, per stop.
 */
export function stopReference(side: PositionSide, kind: StopKind, reference: string | null | undefined, dealt?: string | null): string | null | undefined {
  if (!dealt || !isDecimalString(dealt)) return reference;
  if (!reference || !isDecimalString(reference)) return dealt;
  const order = compareDecimal(dealt, reference);
  return (stopSide(side, kind) === 'above' ? order > 0 : order < 0) ? dealt : reference;
}

export function checkStops(input: Omit<StopInput, 'value'> & { tp: string; sl: string; dealt?: string | null }): { tp: StopProblem | null; sl: StopProblem | null } {
  const of = (kind: StopKind, value: string) => checkStop(kind, { ...input, reference: stopReference(input.side, kind, input.reference, input.dealt), value });
  return { tp: of('tp', input.tp), sl: of('sl', input.sl) };
}
