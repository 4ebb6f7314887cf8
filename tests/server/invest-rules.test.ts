import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPostings, accountKeyText, journalProblem, type BalanceState } from '../../server/domain/ledger.ts';
import {
  bothOutcomes, fixingPrice, fixingTime, parseDualAmount, parseRatePpm, parseShares, payoutOn, settle, settlementPostings,
  type EarnTerms, type MinuteClose,
} from '../../server/modules/earn/rules.ts';

/** The spec's settlement rule (section 9) and PRODUCT-RULES' worked examples, in integers. */
const BTC = 8;
const USDT = 6;
const ticks = (price: number) => BigInt(price) * 10n ** 8n;
const btc = (text: string) => BigInt(Math.round(Number(text) * 1e8));

const sellHigh = (principal: bigint, strike: number, ratePpm: number, days: number): EarnTerms =>
  ({ direction: 'sell_high', principalMinor: principal, strikeTicks: ticks(strike), ratePpm, days, coinDecimals: BTC, quoteDecimals: USDT });
const buyLow = (principal: bigint, strike: number, ratePpm: number, days: number): EarnTerms =>
  ({ direction: 'buy_low', principalMinor: principal, strikeTicks: ticks(strike), ratePpm, days, coinDecimals: BTC, quoteDecimals: USDT });

describe('settlement rule', () => {
  // days x rate / 365 = 0.2 %: 73 days at 1 % a year, or a year at 0.2 %.
  for (const [days, ratePpm] of [[73, 10_000], [365, 2_000]] as const) {
    it(`sell high: 10 BTC at 58,000 and ${days} d x ${ratePpm / 1e4} % -> 10.02 BTC or 581,160 USDT`, () => {
      const terms = sellHigh(10n * 10n ** 8n, 58_000, ratePpm, days);
      expect(settle(terms, ticks(57_999))).toMatchObject({ side: 'coin', amountMinor: 1_002_000_000n, interestMinor: 2_000_000n });
      expect(settle(terms, ticks(58_001))).toMatchObject({ side: 'quote', amountMinor: 581_160n * 10n ** 6n, interestMinor: 1_160n * 10n ** 6n });
      const both = bothOutcomes(terms);
      expect([both.coin.amountMinor, both.coin.when, both.quote.amountMinor, both.quote.when]).toEqual([1_002_000_000n, 'below', 581_160_000_000n, 'at_or_above']);
    });
  }

  for (const [days, ratePpm] of [[73, 62_000], [365, 12_400]] as const) {
    it(`buy low: 10,000 USDT at 50,000 and ${days} d x ${ratePpm / 1e4} % -> 10,124 USDT or 0.20248 BTC`, () => {
      const terms = buyLow(10_000n * 10n ** 6n, 50_000, ratePpm, days);
      expect(settle(terms, ticks(50_001))).toMatchObject({ side: 'quote', amountMinor: 10_124n * 10n ** 6n });
      expect(settle(terms, ticks(49_999))).toMatchObject({ side: 'coin', amountMinor: btc('0.20248') });
      const both = bothOutcomes(terms);
      expect([both.coin.when, both.quote.when]).toEqual(['at_or_below', 'above']);
    });
  }

  it('at exactly the strike the deposit converts: sell high pays the quote, buy low pays the coin', () => {
    expect(settle(sellHigh(10n ** 8n, 60_000, 100_000, 7), ticks(60_000)).side).toBe('quote');
    expect(settle(sellHigh(10n ** 8n, 60_000, 100_000, 7), ticks(60_000) - 1n).side).toBe('coin');
    expect(settle(buyLow(10n ** 9n, 60_000, 100_000, 7), ticks(60_000)).side).toBe('coin');
    expect(settle(buyLow(10n ** 9n, 60_000, 100_000, 7), ticks(60_000) + 1n).side).toBe('quote');
  });

  it('rounds down to the payout coin\'s minor unit', () => {
    // 1 USDT minor unit (0.000001) at 12 % for 7 days: 1.0023... -> 1 (the interest is lost, never rounded up).
    expect(payoutOn(buyLow(1n, 60_000, 120_000, 7), 'quote').amountMinor).toBe(1n);
    // 100 USDT -> BTC at 60,000.5 with 12 % x 7 d: 0.0016704883... BTC -> 167048 sat, floored.
    const t: EarnTerms = { ...buyLow(100n * 10n ** 6n, 60_000, 120_000, 7), strikeTicks: 6_000_050_000_000n };
    const exact = (100n * 10n ** 8n * 10n ** 8n * (365n * 10n ** 6n + 7n * 120_000n)) / (6_000_050_000_000n * 365n * 10n ** 6n);
    expect(payoutOn(t, 'coin').amountMinor).toBe(exact);
    expect(payoutOn(t, 'coin').amountMinor).toBe(167_048n);
    // 0.00000001 BTC at 58,000 -> 0.00058 USDT x 1.002, floored to 6 places: 0.000581.
    expect(payoutOn(sellHigh(1n, 58_000, 10_000, 73), 'quote').amountMinor).toBe(581n);
  });

  it('conservation: a settlement journal sums to zero per currency and moves exactly deposit and payout (property)', () => {
    fc.assert(fc.property(
      fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 1, max: 365 }),
      fc.boolean(), fc.integer({ min: 1, max: 10_000_000 }),
      (principal, strike, ratePpm, days, sell, settlePrice) => {
        const terms = (sell ? sellHigh : buyLow)(principal, strike, ratePpm, days);
        const payout = settle(terms, ticks(settlePrice));
        const deposit = sell ? 1 : 2;
        const paid = payout.side === 'coin' ? 1 : 2;
        // Never more than the exact value, less than one minor unit below it.
        const withoutInterest = payoutOn({ ...terms, ratePpm: 0 }, payout.side).amountMinor;
        expect(payout.amountMinor).toBeGreaterThanOrEqual(withoutInterest);
        expect(payout.interestMinor).toBe(payout.amountMinor - withoutInterest);
        if (payout.side === (sell ? 'coin' : 'quote')) expect(payout.amountMinor * 365n * 10n ** 6n <= principal * (365n * 10n ** 6n + BigInt(days * ratePpm))).toBe(true);
        const postings = settlementPostings(100_001, deposit, principal, paid, payout.amountMinor, 'invest_settle');
        expect(journalProblem({ kind: 'invest_settle', userId: 100_001, refType: 'earn_order', refId: 1, reversesJournalId: null, postings })).toBeNull();
        const start = new Map<string, BalanceState>([[accountKeyText({ userId: 100_001, name: 'financial', currencyId: deposit }), { available: 0n, frozen: principal }]]);
        const applied = applyPostings(start, postings);
        expect(applied.ok).toBe(true);
        if (!applied.ok) return;
        const total = (currency: number) => [...applied.value.balances].filter(([k]) => k.endsWith(`:${currency}`)).reduce((s, [, b]) => s + b.available + b.frozen, 0n);
        const before = (currency: number) => (currency === deposit ? principal : 0n);
        expect(total(1)).toBe(before(1));
        expect(total(2)).toBe(before(2));
      },
    ), { numRuns: 300 });
  });
});

describe('fixing price', () => {
  const at = new Date('2026-12-10T08:00:00.000Z');
  const minute = (m: number) => at.getTime() - (30 - m) * 60_000;
  const close = (m: number, price: number): MinuteClose => ({ t: minute(m), closeTicks: ticks(price) });

  it('is the mean of the 30 one-minute closes before the fixing time', () => {
    const closes = Array.from({ length: 30 }, (_, m) => close(m, 60_000 + m));
    // mean of 60,000..60,029 = 60,014.5
    expect(fixingPrice(closes, at)).toBe(6_001_450_000_000n);
  });

  it('a minute without trades keeps the close before it, also one from before the window', () => {
    const closes = [close(-5, 50_000), close(10, 62_000)];
    // 10 minutes at 50,000 (carried into the window), 20 at 62,000.
    expect(fixingPrice(closes, at)).toBe(ticks(58_000));
  });

  it('ignores candles at or after the fixing time, and knows no price without a trade in the window', () => {
    expect(fixingPrice([close(-1, 50_000), close(30, 70_000)], at)).toBeNull();
    expect(fixingPrice([], at)).toBeNull();
    expect(fixingPrice([close(29, 61_000), close(30, 99_000)], at)).toBe(ticks(61_000));
  });

  it('orders mature at 08:00 UTC `days` days after the purchase day', () => {
    expect(fixingTime(new Date('2026-12-03T23:59:00Z'), 7).toISOString()).toBe('2026-12-10T08:00:00.000Z');
    expect(fixingTime(new Date('2026-12-03T00:00:00Z'), 1).toISOString()).toBe('2026-12-04T08:00:00.000Z');
  });
});

describe('purchase input', () => {
  it('shares: required, a whole number, at least the minimum, within the remaining', () => {
    expect(parseShares(undefined, 1, 10)).toMatchObject({ ok: false, code: 'INVEST.QUANTITY_REQUIRED' });
    expect(parseShares(' ', 1, 10)).toMatchObject({ ok: false, code: 'INVEST.QUANTITY_REQUIRED' });
    for (const bad of ['1.5', '-1', '1e3', 'abc', '0x10', '+2']) expect(parseShares(bad, 1, 10)).toMatchObject({ ok: false, code: 'INVEST.QUANTITY_INTEGER' });
    expect(parseShares('0', 1, 10)).toMatchObject({ ok: false, code: 'INVEST.QUANTITY_BELOW_MIN' });
    expect(parseShares('4', 5, 10)).toMatchObject({ ok: false, code: 'INVEST.QUANTITY_BELOW_MIN' });
    expect(parseShares('11', 1, 10)).toMatchObject({ ok: false, code: 'INVEST.SHARES_UNAVAILABLE' });
    expect(parseShares('99999999999999999999999', 1, 10)).toMatchObject({ ok: false, code: 'INVEST.SHARES_UNAVAILABLE' });
    expect(parseShares('10', 1, 10)).toEqual({ ok: true, value: 10 });
  });

  it('dual amounts: required, plain decimals the coin can hold, within minimum and quota', () => {
    expect(parseDualAmount('', 6, 10n, 100n * 10n ** 6n)).toMatchObject({ code: 'DUAL.AMOUNT_REQUIRED' });
    for (const bad of ['-1', '1e3', '0', '0.0000001', '.5']) expect(parseDualAmount(bad, 6, 1n, 10n ** 12n)).toMatchObject({ code: 'DUAL.AMOUNT_INVALID' });
    expect(parseDualAmount('5', 6, 10n * 10n ** 6n, 10n ** 12n)).toMatchObject({ code: 'DUAL.AMOUNT_BELOW_MIN' });
    expect(parseDualAmount('101', 6, 1n, 100n * 10n ** 6n)).toMatchObject({ code: 'DUAL.QUOTA_EXCEEDED' });
    expect(parseDualAmount('12.5', 6, 1n, 100n * 10n ** 6n)).toEqual({ ok: true, value: 12_500_000n });
  });

  it('rates as operators type them', () => {
    expect(parseRatePpm('0.12')).toBe(120_000);
    expect(parseRatePpm('12%')).toBe(120_000);
    expect(parseRatePpm('1.24%')).toBe(12_400);
    expect(parseRatePpm('abc')).toBeNull();
  });
});
