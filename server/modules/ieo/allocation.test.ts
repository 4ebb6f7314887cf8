import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, allocationOf, allocationRule, demandOf, ruleFromText, ruleToText, type AllocationEntry } from './allocation.ts';
import { costOf, phaseOf, settlementOf } from './rules.ts';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const entry = (userId: number, weight: bigint, second = userId): AllocationEntry => ({ userId, weight, firstAt: at(second) });
const sum = (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n);
const NO_CAP = 10n ** 30n;

describe('allocation by hand', () => {
  it('undersubscribed: everyone gets what they subscribed for', () => {
    expect(allocate(1000n, NO_CAP, [entry(1, 100n), entry(2, 300n)])).toEqual([100n, 300n]);
    // Exactly the supply is not oversubscribed either.
    expect(allocate(400n, NO_CAP, [entry(1, 100n), entry(2, 300n)])).toEqual([100n, 300n]);
  });

  it('oversubscribed 2x: half each, summing to the supply', () => {
    expect(allocate(200n, NO_CAP, [entry(1, 100n), entry(2, 300n)])).toEqual([50n, 150n]);
  });

  it('largest remainder: 10 units over 3 equal weights -> the earliest subscriber gets the 4th', () => {
    // 10/3 = 3 rest 1 each: the tie on remainders goes to the earliest first order.
    expect(allocate(10n, NO_CAP, [entry(7, 5n, 30), entry(3, 5n, 10), entry(5, 5n, 20)])).toEqual([3n, 4n, 3n]);
  });

  it('ties on remainder and time go to the lowest user id', () => {
    const same = at(5);
    const entries = [{ userId: 9, weight: 1n, firstAt: same }, { userId: 4, weight: 1n, firstAt: same }, { userId: 6, weight: 1n, firstAt: same }];
    // 2 units over 3: user 4 and then user 6.
    expect(allocate(2n, NO_CAP, entries)).toEqual([0n, 1n, 1n]);
  });

  it('larger remainders come first whatever the time', () => {
    // supply 5, weights 3, 3, 1 (W 7): shares 15/7 = 2 r1, 2 r1, 5/7 = 0 r5: one unit left, to the
    // remainder 5 although its subscriber came last.
    expect(allocate(5n, NO_CAP, [entry(1, 3n), entry(2, 3n), entry(3, 1n, 99)])).toEqual([2n, 2n, 1n]);
  });

  it('the cap: a whale is capped and the excess is shared among the others', () => {
    // supply 1000, cap 300. Pro rata: whale 10000/10200 x 1000 = 980 > 300, so 300; the other 700
    // go to the two others pro rata (100 each: 350 each > 100, so they get their 100 in full and
    // only 500 are sold: the demands then fit). With 1000 each they share 700: 350 each.
    expect(allocate(1000n, 300n, [entry(1, 10_000n), entry(2, 100n), entry(3, 100n)])).toEqual([300n, 100n, 100n]);
    expect(allocate(1000n, 300n, [entry(1, 10_000n), entry(2, 1000n), entry(3, 1000n)])).toEqual([300n, 300n, 300n]);
    expect(allocate(1000n, 400n, [entry(1, 10_000n), entry(2, 1000n), entry(3, 1000n)])).toEqual([400n, 300n, 300n]);
  });

  it('redistribution cascades: capping one pushes another over the cap', () => {
    // supply 100, cap 40; weights 1000, 300, 100, 100 (W 1500). Shares 66.7, 20, 6.7, 6.7: the first
    // is capped at 40; 60 left over W 500: 36, 12, 12 — nobody else passes 40. Sum 100.
    expect(allocate(100n, 40n, [entry(1, 1000n), entry(2, 300n), entry(3, 100n), entry(4, 100n)])).toEqual([40n, 36n, 12n, 12n]);
    // cap 30: first capped at 30, 70 over W 500: 42 > 30 capped too, then 40 over W 200: 20 each.
    expect(allocate(100n, 30n, [entry(1, 1000n), entry(2, 300n), entry(3, 100n), entry(4, 100n)])).toEqual([30n, 30n, 20n, 20n]);
  });

  it('a share may reach a small subscriber\'s whole demand after the big ones are capped', () => {
    // supply 100, cap 45: 1000 and 1000 capped at 45 each; 10 left for the 20-token subscriber, who asked for 20.
    expect(allocate(100n, 45n, [entry(1, 1000n), entry(2, 1000n), entry(3, 20n)])).toEqual([45n, 45n, 10n]);
    // cap 40: 20 left for 20 asked: the demand is met exactly (capped at the demand).
    expect(allocate(100n, 40n, [entry(1, 1000n), entry(2, 1000n), entry(3, 20n)])).toEqual([40n, 40n, 20n]);
  });

  it('the rule survives its text form and gives the same shares per entry', () => {
    const entries = [entry(1, 7n), entry(2, 11n), entry(3, 13n, 0)];
    const rule = allocationRule(17n, 9n, entries);
    const again = ruleFromText(ruleToText(rule));
    expect(entries.map((e) => allocationOf(again, e))).toEqual(entries.map((e) => allocationOf(rule, e)));
    expect(sum(entries.map((e) => allocationOf(again, e)))).toBe(17n);
  });
});

describe('cost and settlement', () => {
  it('costs round up to the pay currency\'s minor unit', () => {
    // 0.05 USDT (50000 micro-USDT) per token, 4-decimal token: 1.2345 tokens -> 0.061725 USDT exactly.
    expect(costOf(12_345n, 50_000n, 4)).toBe(61_725n);
    // 0.0000012 BTC (120 sat) per token, 0.0001 token -> 0.012 sat, charged as 1 sat.
    expect(costOf(1n, 120n, 4)).toBe(1n);
  });

  it('pays the allocation\'s cost, never more than frozen, and refunds the rest', () => {
    expect(settlementOf(50n, 150n, 3n, 0)).toEqual({ paid: 150n, refund: 0n });
    expect(settlementOf(20n, 150n, 3n, 0)).toEqual({ paid: 60n, refund: 90n });
    expect(settlementOf(0n, 150n, 3n, 0)).toEqual({ paid: 0n, refund: 150n });
    expect(settlementOf(1000n, 7n, 3n, 0)).toEqual({ paid: 7n, refund: 0n });
  });

  it('phases come from the time until the allocation runs', () => {
    const p = { state: 'open' as const, startAt: at(10), endAt: at(20) };
    expect(phaseOf(p, new Date(at(5)))).toBe('warmup');
    expect(phaseOf(p, new Date(at(10)))).toBe('in_progress');
    expect(phaseOf(p, new Date(at(20)))).toBe('ended');
    expect(phaseOf({ ...p, state: 'distributed' }, new Date(at(5)))).toBe('distributed');
  });
});

const entriesArb = fc.array(
  fc.record({ weight: fc.bigInt({ min: 1n, max: 10n ** 12n }), second: fc.integer({ min: 0, max: 50 }) }),
  { minLength: 1, maxLength: 40 },
).map((xs) => xs.map((x, i) => entry(100_001 + i, x.weight, x.second)));
const saleArb = fc.record({
  entries: entriesArb,
  supply: fc.bigInt({ min: 0n, max: 10n ** 13n }),
  cap: fc.oneof(fc.constant(NO_CAP), fc.bigInt({ min: 1n, max: 10n ** 12n })),
  price: fc.bigInt({ min: 1n, max: 10n ** 9n }),
  decimals: fc.integer({ min: 0, max: 8 }),
});

describe('allocation properties', () => {
  it('sums to the supply when the demands pass it, else everyone gets their demand; nobody passes cap or demand; nothing negative', () => {
    fc.assert(fc.property(saleArb, ({ entries, supply, cap }) => {
      const shares = allocate(supply, cap, entries);
      const demand = sum(entries.map((e) => demandOf(e.weight, cap)));
      if (demand > supply) expect(sum(shares)).toBe(supply);
      else expect(shares).toEqual(entries.map((e) => demandOf(e.weight, cap)));
      expect(sum(shares) <= supply).toBe(true);
      shares.forEach((s, i) => {
        expect(s >= 0n).toBe(true);
        expect(s <= cap).toBe(true);
        expect(s <= entries[i]!.weight).toBe(true);
      });
    }), { numRuns: 500 });
  });

  it('pro rata: a heavier subscriber never gets less than a lighter one below the cap (by more than the unit handed out)', () => {
    fc.assert(fc.property(saleArb, ({ entries, supply, cap }) => {
      const shares = allocate(supply, cap, entries);
      entries.forEach((a, i) => entries.forEach((b, j) => {
        if (a.weight > b.weight) expect(shares[i]! + 1n >= min(shares[j]!, demandOf(a.weight, cap))).toBe(true);
      }));
    }), { numRuns: 200 });
  });

  it('paid + refunded = committed for every subscription, both never negative', () => {
    fc.assert(fc.property(saleArb, ({ entries, supply, cap, price, decimals }) => {
      const shares = allocate(supply, cap, entries);
      let committed = 0n;
      let back = 0n;
      entries.forEach((e, i) => {
        const frozen = costOf(e.weight, price, decimals);
        const { paid, refund } = settlementOf(shares[i]!, frozen, price, decimals);
        expect(paid >= 0n && refund >= 0n).toBe(true);
        // The clamp is never what keeps the payment in bounds: the cost of less is at most the cost of more.
        expect(paid).toBe(costOf(shares[i]!, price, decimals));
        committed += frozen;
        back += paid + refund;
      });
      expect(back).toBe(committed);
    }), { numRuns: 300 });
  });

  it('the rule applied entry by entry in any order gives the same shares', () => {
    fc.assert(fc.property(saleArb, ({ entries, supply, cap }) => {
      const rule = allocationRule(supply, cap, entries);
      const reversed = [...entries].reverse();
      const shuffled = allocate(supply, cap, reversed).reverse();
      expect(shuffled).toEqual(entries.map((e) => allocationOf(rule, e)));
    }), { numRuns: 200 });
  });
});

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
