import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closePostings, fillPostings, openPostings, overnightPostings, planClose, planOvernight } from '../../server/domain/futures-journals.ts';
import { applyPostings, journalProblem, type BalanceState } from '../../server/domain/ledger.ts';

/** Amounts in USDT minor units (6 decimals): 60_000000n is 60 USDT. */
const A = { userId: 100001, account: 'lever' as const, currencyId: 3 };
const U = (n: number) => BigInt(Math.round(n * 1_000_000));

describe('closing a position', () => {
  it('a profit: margin 60 back, +10 from the house, fee 0.305 -> available 939.7 + 60 + 10 - 0.305 = 1009.395', () => {
    const plan = planClose({ availableMinor: U(939.7), marginMinor: U(60), pnlMinor: U(10), feeMinor: U(0.305), otherMargins: [] });
    expect(plan).toMatchObject({ profit: U(10), lossFromAvailable: 0n, lossFromInsurance: 0n, fee: U(0.305), availableAfter: U(1009.395) });
  });
  it('a loss within the margin: 39.7 + 60 - 25 - 0.2875 = 74.4125', () => {
    const plan = planClose({ availableMinor: U(39.7), marginMinor: U(60), pnlMinor: U(-25), feeMinor: U(0.2875), otherMargins: [] });
    expect(plan).toMatchObject({ lossFromAvailable: U(25), availableAfter: U(74.4125) });
  });
  it('a loss beyond the account: 39.7 + 60 = 99.7 pays, the insurance pays the other 20.3 of 120; no fee is left to pay', () => {
    const plan = planClose({ availableMinor: U(39.7), marginMinor: U(60), pnlMinor: U(-120), feeMinor: U(0.27), otherMargins: [] });
    expect(plan).toMatchObject({ lossFromAvailable: U(99.7), lossFromInsurance: U(20.3), fee: 0n, availableAfter: 0n });
  });
  it('a loss beyond available is taken from the other positions\' margins first: 0 + 10 + (30 of 50) = 40', () => {
    const plan = planClose({ availableMinor: 0n, marginMinor: U(10), pnlMinor: U(-40), feeMinor: U(1), otherMargins: [{ positionId: 7, amountMinor: U(50) }] });
    expect(plan).toMatchObject({ lossFromAvailable: U(10), lossFromMargins: [{ positionId: 7, amountMinor: U(30) }], lossFromInsurance: 0n, fee: 0n, availableAfter: 0n });
  });
  it('the postings balance and leave no user bucket below zero, for any amounts', () => {
    fc.assert(fc.property(
      fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
      fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { maxLength: 3 }),
      (available, margin, pnl, fee, others) => {
        const otherMargins = others.map((amountMinor, i) => ({ positionId: i + 2, amountMinor }));
        const frozen = margin + others.reduce((s, m) => s + m, 0n);
        const plan = planClose({ availableMinor: available, marginMinor: margin, pnlMinor: pnl, feeMinor: fee, otherMargins });
        const postings = closePostings(A, plan);
        if (postings.length >= 2) expect(journalProblem({ kind: 'x', userId: 1, refType: 'x', refId: 1, reversesJournalId: null, postings })).toBeNull();
        const start = new Map<string, BalanceState>([[`${A.userId}:lever:3`, { available, frozen }]]);
        const applied = applyPostings(start, postings);
        expect(applied.ok).toBe(true);
        if (!applied.ok) return;
        const after = applied.value.balances.get(`${A.userId}:lever:3`) ?? { available, frozen };
        expect(after.available).toBe(plan.availableAfter);
        // What the user ends with = start + pnl - fee, unless the insurance paid (then it is zero of the loss left).
        const drawn = plan.lossFromMargins.reduce((s, d) => s + d.amountMinor, 0n);
        expect(after.available + after.frozen).toBe(available + frozen + plan.profit - plan.lossFromAvailable - drawn - plan.fee);
        expect(plan.lossFromAvailable + drawn + plan.lossFromInsurance).toBe(pnl < 0n ? -pnl : 0n);
        if (plan.lossFromInsurance > 0n) expect(after.available + after.frozen - (frozen - margin - drawn)).toBe(0n);
      },
    ));
  });
});

describe('opening, filling and overnight fees', () => {
  it('a market open moves 60 to frozen and 0.3 to the fee account', () => {
    expect(openPostings(A, U(60), U(0.3)).map((p) => [p.account.name, p.bucket, p.amountMinor])).toEqual([
      ['lever', 'available', -U(60)], ['lever', 'frozen', U(60)], ['lever', 'available', -U(0.3)], ['fees', 'available', U(0.3)],
    ]);
  });
  it('a limit fill keeps the margin of its hold frozen and pays the fee: hold 60.3 = 60 + 0.3', () => {
    expect(fillPostings(A, U(60.3), U(60), U(0.3)).map((p) => [p.account.name, p.bucket, p.amountMinor])).toEqual([['lever', 'frozen', -U(0.3)], ['fees', 'available', U(0.3)]]);
    expect(() => fillPostings(A, U(60), U(60), U(0.3))).toThrow();
  });
  it('overnight 0.12: from available first, then the margin, the rest waived (0.05 + 0.04, 0.03 waived)', () => {
    expect(planOvernight(U(0.12), U(1), U(60))).toEqual({ fromAvailable: U(0.12), fromMargin: 0n, waived: 0n });
    const short = planOvernight(U(0.12), U(0.05), U(0.04));
    expect(short).toEqual({ fromAvailable: U(0.05), fromMargin: U(0.04), waived: U(0.03) });
    expect(overnightPostings(A, short).reduce((s, p) => s + p.amountMinor, 0n)).toBe(0n);
  });
});
