import { ceilDiv, floorDiv } from './futures-math.ts';

/** One level of a book as a deal walks it: price in ticks of 10^-8 quote units, quantity in 10^-8 base units. */
export type BookLevel = readonly [priceTicks: bigint, qtyScaled: bigint];

/**
 * How much a deal takes from the book: a base quantity (10^-8 units), or, for a buy given as an
 * amount of money (the currency a house exchange hands out), a notional of price ticks x qtyScaled.
 */
export type DealSize = { readonly qtyScaled: bigint } | { readonly notional: bigint };

/**
 * The book's price for a deal of `size`: the volume-weighted average of the levels it walks (`levels`
 * best first: the asks to buy, the bids to sell), rounded against the user (up to buy, down to sell).
 * The house deals any size at it, so the top level alone would let a crumb resting there set the price
 * of a deal a thousand times its size. Past the last level the rest is priced at that level: a side
 * shorter than the deal says nothing better about the rest. Null on an empty side.
 */
export function walkedTicks(buying: boolean, levels: readonly BookLevel[], size: DealSize): bigint | null {
  const first = levels[0];
  if (first === undefined) return null;
  const byQty = 'qtyScaled' in size;
  let qty = 0n;
  let notional = 0n;
  let last = first[0];
  for (const [price, available] of levels) {
    const room = byQty ? size.qtyScaled - qty : (size.notional - notional) / price;
    if (room <= 0n) break;
    const take = available < room ? available : room;
    qty += take;
    notional += take * price;
    last = price;
    if (take < available) break;
  }
  const rest = byQty ? size.qtyScaled - qty : (size.notional - notional) / last;
  if (rest > 0n) {
    qty += rest;
    notional += rest * last;
  }
  if (qty <= 0n) return first[0];
  return buying ? ceilDiv(notional, qty) : floorDiv(notional, qty);
}
