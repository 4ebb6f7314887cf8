import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPostings, journalProblem, type PostingDraft } from './ledger.ts';
import { fillLegs, partiesOf, spotFillPostings, spotHoldPostings, spotReleasePostings } from './spot-journals.ts';
import { symbolRulesOf, type SpotSymbolRules } from './spot-symbol-rules.ts';

const rules = (): SpotSymbolRules => {
  const made = symbolRulesOf({
    id: 1, base: { id: 1, symbol: 'BTC', decimals: 8, image: '' }, quote: { id: 3, symbol: 'USDT', decimals: 6 }, category: 'coin',
    tickSize: '0.1', lotMinor: 1000n, minNotionalMinor: 5_000_000n, makerFeePpm: 800, takerFeePpm: 1000, sort: 0,
  });
  if (!made.ok) throw new Error(made.problem);
  return made.rules;
};
const journal = (postings: PostingDraft[]) => ({ kind: 'spot_trade', userId: 1, refType: 'spot_trade', refId: 1, reversesJournalId: null, postings });
const sumOf = (postings: PostingDraft[], who: number, currency: number, bucket: 'available' | 'frozen') =>
  postings.filter((p) => p.account.userId === who && p.account.currencyId === currency && p.bucket === bucket).reduce((a, p) => a + p.amountMinor, 0n);

describe('spot journals', () => {
  it('hold and release move between available and frozen of the coin account', () => {
    const hold = spotHoldPostings(7, 3, 600n);
    expect(journalProblem(journal(hold))).toBeNull();
    expect(hold.map((p) => [p.account.name, p.bucket, p.amountMinor])).toEqual([['change', 'available', -600n], ['change', 'frozen', 600n]]);
    expect(spotReleasePostings(7, 3, 600n).map((p) => [p.bucket, p.amountMinor])).toEqual([['frozen', -600n], ['available', 600n]]);
  });

  it('a taker buy against a resting sell: base to the buyer less the taker fee, quote to the seller less the maker fee, the improvement back', () => {
    const r = rules();
    const { buyer, seller } = partiesOf('buy', 10, 20);
    // 0.004 BTC at 59000 for a buy limited at 60000.
    const legs = fillLegs(r, buyer, seller, 590_000, 400, 600_000);
    expect(legs).toMatchObject({ base: 400_000n, quote: 236_000_000n, buyerFee: 400n, sellerFee: 188_800n, buyerRelease: 4_000_000n });
    const postings = spotFillPostings(legs);
    expect(journalProblem(journal(postings))).toBeNull();
    expect(sumOf(postings, 10, 1, 'available')).toBe(399_600n);
    expect(sumOf(postings, 10, 3, 'frozen')).toBe(-240_000_000n);
    expect(sumOf(postings, 10, 3, 'available')).toBe(4_000_000n);
    expect(sumOf(postings, 20, 1, 'frozen')).toBe(-400_000n);
    expect(sumOf(postings, 20, 3, 'available')).toBe(235_811_200n);
    expect(sumOf(postings, 0, 1, 'available')).toBe(400n);
    expect(sumOf(postings, 0, 3, 'available')).toBe(188_800n);
  });

  it('every fill journal balances per currency, leaves out zero legs, and never overdraws the holds it was sized from', () => {
    const r = rules();
    fc.assert(fc.property(
      fc.constantFrom<'buy' | 'sell'>('buy', 'sell'), fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 1, max: 1_000_000 }),
      (takerSide, priceTicks, improvementTicks, lots) => {
        const { buyer, seller } = partiesOf(takerSide, 10, 20);
        const holdTicks = takerSide === 'buy' ? priceTicks + improvementTicks : priceTicks;
        const postings = spotFillPostings(fillLegs(r, buyer, seller, priceTicks, lots, holdTicks));
        if (journalProblem(journal(postings)) !== null) return false;
        if (postings.some((p) => p.amountMinor === 0n)) return false;
        // Start with exactly the holds: the buyer's quote for lots at holdTicks, the seller's base; nothing else.
        const buyerQuote = `${buyer.userId}:change:3`;
        const sellerBase = `${seller.userId}:change:1`;
        const start = new Map([
          [buyerQuote, { available: 0n, frozen: BigInt(holdTicks) * BigInt(lots) * r.unitMinor }],
          [sellerBase, { available: 0n, frozen: BigInt(lots) * r.lotMinor }],
        ]);
        const applied = applyPostings(start, postings);
        if (!applied.ok) return false;
        return applied.value.balances.get(buyerQuote)?.frozen === 0n && applied.value.balances.get(sellerBase)?.frozen === 0n;
      },
    ));
  });
});
