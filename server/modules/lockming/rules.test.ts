import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountKeyText, applyPostings, systemAccount, userAccount, type BalanceState, type PostingDraft } from '../../domain/ledger.ts';
import { dividendPostings, LOCK_ACCOUNT, LOCK_KINDS, lockPostings, penaltyPostings, releasePostings } from './journals.ts';
import {
  DAY_MS, dailyDividendMinor, daysDue, dividendAtMs, dividendDate, dividendPays, lockOutlook, lockRefusal, maturesAtMs, penaltyMinor,
  redeemQuote, remainingDays, timeToMinute, minuteToTime, type LockTerms,
} from './rules.ts';

const USDT = 1_000_000n;
const at = (text: string) => Date.parse(text);

describe('early redemption penalty (spec section 9)', () => {
  it('0.4 % x 3 remaining days x 1,000 = 12', () => {
    expect(penaltyMinor(1000n * USDT, 4000, 3)).toBe(12n * USDT);
  });

  it('is clamped to the principal: 0.4 % x 300 days of 1,000 would be 1,200, it is 1,000', () => {
    expect(penaltyMinor(1000n * USDT, 4000, 300)).toBe(1000n * USDT);
  });

  it('rounds a fraction of a minor unit up, and is nothing with no day left or no rate', () => {
    // 333 minor x 0.4 % = 1.332 minor units
    expect(penaltyMinor(333n, 4000, 1)).toBe(2n);
    expect(penaltyMinor(1000n * USDT, 4000, 0)).toBe(0n);
    expect(penaltyMinor(1000n * USDT, 0, 3)).toBe(0n);
  });

  it('counts remaining days as dividend times still ahead, and returns principal less penalty', () => {
    const terms: LockTerms = { principalMinor: 1000n * USDT, dailyYieldPpm: 3000, lockDays: 5, dividendMinute: 0, penaltyRatePpm: 4000, lockedAtMs: at('2026-12-01T10:00:00.000Z') };
    // Two dividends paid (12-02, 12-03 at 00:00): three to come.
    expect(redeemQuote(terms, at('2026-12-03T09:00:00.000Z'))).toEqual({ remainingDays: 3, penaltyMinor: 12n * USDT, returnedMinor: 988n * USDT });
    // The day it was locked: all five ahead.
    expect(redeemQuote(terms, at('2026-12-01T10:00:01.000Z')).remainingDays).toBe(5);
    // At maturity nothing is ahead.
    expect(redeemQuote(terms, at('2026-12-06T00:00:00.000Z'))).toEqual({ remainingDays: 0, penaltyMinor: 0n, returnedMinor: 1000n * USDT });
  });
});

describe('dividends', () => {
  it('are principal x daily yield rounded down to the minor unit', () => {
    expect(dailyDividendMinor(1000n * USDT, 3000)).toBe(3n * USDT);
    // 1,000.000001 x 0.3 % = 3.000000003 -> 3.000000
    expect(dailyDividendMinor(1000n * USDT + 1n, 3000)).toBe(3n * USDT);
    // 0.00100001 BTC x 0.2 % = 0.00000200002 BTC -> 200 satoshi
    expect(dailyDividendMinor(100_001n, 2000)).toBe(200n);
    // Too small to earn a unit.
    expect(dailyDividendMinor(499n, 2000)).toBe(0n);
  });

  it('are paid from the day after locking, each day at the dividend time, the principal with the last', () => {
    const terms = { lockedAtMs: at('2026-12-01T10:00:00.000Z'), dividendMinute: 0, lockDays: 5 };
    expect(new Date(dividendAtMs(terms, 1)).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(dividendDate(terms, 1)).toBe('2026-12-02');
    expect(dividendDate(terms, 5)).toBe('2026-12-06');
    expect(new Date(maturesAtMs(terms)).toISOString()).toBe('2026-12-06T00:00:00.000Z');
    // 08:30 UTC dividends; a lock at 05:00 waits for the next day's 08:30, not today's.
    const late = { lockedAtMs: at('2026-12-31T05:00:00.000Z'), dividendMinute: 510, lockDays: 3 };
    expect(new Date(dividendAtMs(late, 1)).toISOString()).toBe('2027-01-01T08:30:00.000Z');
    expect(dividendDate(late, 3)).toBe('2027-01-03');
  });

  it('counts the days due by a time, never more than the lock days', () => {
    const terms = { lockedAtMs: at('2026-12-01T10:00:00.000Z'), dividendMinute: 0, lockDays: 5 };
    expect(daysDue(terms, at('2026-12-01T23:59:59.999Z'))).toBe(0);
    expect(daysDue(terms, at('2026-12-02T00:00:00.000Z'))).toBe(1);
    expect(daysDue(terms, at('2026-12-04T12:00:00.000Z'))).toBe(3);
    expect(daysDue(terms, at('2027-03-01T00:00:00.000Z'))).toBe(5);
    expect(remainingDays(terms, at('2026-12-04T12:00:00.000Z'))).toBe(2);
  });

  it('after an order ended, pay only the days whose time had come by then', () => {
    const ended = at('2026-12-03T12:00:00.000Z');
    expect(dividendPays('locked', null, at('2027-01-01T00:00:00.000Z'))).toBe(true);
    expect(dividendPays('redeemed', ended, at('2026-12-03T00:00:00.000Z'))).toBe(true);
    expect(dividendPays('redeemed', ended, at('2026-12-04T00:00:00.000Z'))).toBe(false);
  });

  it('the preview shows what the lock schedules', () => {
    const outlook = lockOutlook({ principalMinor: 1000n * USDT, dailyYieldPpm: 3000, lockDays: 5, dividendMinute: 0, lockedAtMs: at('2026-12-01T10:00:00.000Z') });
    expect(outlook).toEqual({ dailyDividendMinor: 3n * USDT, firstDividendAtMs: at('2026-12-02T00:00:00.000Z'), maturesAtMs: at('2026-12-06T00:00:00.000Z'), totalDividendsMinor: 15n * USDT });
  });
});

describe('locking', () => {
  const product = { status: 'active', expiryDate: '2026-12-31', minMinor: 100n * USDT, maxMinor: 50_000n * USDT };
  const now = at('2026-12-01T10:00:00.000Z');
  it('refuses, in the order a user can act on: ended or expired, paused, minimum, maximum, balance', () => {
    expect(lockRefusal(product, 100n * USDT, 100n * USDT, now)).toBeNull();
    expect(lockRefusal(product, 100n * USDT, 100n * USDT, at('2026-12-31T23:59:59.999Z'))).toBeNull();
    expect(lockRefusal(product, 100n * USDT, 100n * USDT, at('2027-01-01T00:00:00.000Z'))).toBe('LOCKMING.PRODUCT_ENDED');
    expect(lockRefusal({ ...product, status: 'ended' }, 100n * USDT, 100n * USDT, now)).toBe('LOCKMING.PRODUCT_ENDED');
    expect(lockRefusal({ ...product, status: 'paused' }, 1n, 0n, now)).toBe('LOCKMING.PRODUCT_PAUSED');
    expect(lockRefusal(product, 100n * USDT - 1n, 10_000n * USDT, now)).toBe('LOCKMING.BELOW_MINIMUM');
    expect(lockRefusal(product, 50_000n * USDT + 1n, 100_000n * USDT, now)).toBe('LOCKMING.ABOVE_MAXIMUM');
    expect(lockRefusal({ ...product, maxMinor: null }, 90_000n * USDT, 100_000n * USDT, now)).toBeNull();
    expect(lockRefusal(product, 100n * USDT + 1n, 100n * USDT, now)).toBe('LOCKMING.INSUFFICIENT_BALANCE');
  });

  it('reads and writes the dividend time as HH:MM UTC', () => {
    expect(timeToMinute('08:30')).toBe(510);
    expect(minuteToTime(510)).toBe('08:30');
    expect(timeToMinute('24:00')).toBeNull();
    expect(timeToMinute('8:30')).toBeNull();
  });
});

/**
 * A model of the module: users lock, time passes and the due work pays each day once, users redeem
 * early, orders mature; every money effect is the module's own postings through the ledger's rules
 * (applyPostings refuses a negative user balance). The house and the users together always hold
 * what they were funded with, no user balance goes negative, and frozen is the principal locked.
 */
describe('conservation across locks, dividends, redemptions and maturities', () => {
  const COIN = 7;
  const USERS = [100001, 100002, 100003];
  const FUNDED = 5000n * USDT;
  const PRODUCTS = [
    { dailyYieldPpm: 3000, lockDays: 5, dividendMinute: 0, penaltyRatePpm: 4000, minMinor: 100n * USDT },
    { dailyYieldPpm: 10_000, lockDays: 30, dividendMinute: 510, penaltyRatePpm: 5000, minMinor: 1n },
    { dailyYieldPpm: 1, lockDays: 2, dividendMinute: 1439, penaltyRatePpm: 1_000_000, minMinor: 1n },
  ];
  interface Order { userId: number; terms: LockTerms; state: 'locked' | 'matured' | 'redeemed'; daysPaid: number; endedAtMs: number | null }

  const op = fc.oneof(
    fc.record({ kind: fc.constant('lock' as const), user: fc.nat(2), product: fc.nat(2), amount: fc.bigInt({ min: 1n, max: 3000n * USDT }) }),
    fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 4 * DAY_MS }) }),
    fc.record({ kind: fc.constant('redeem' as const), pick: fc.nat() }),
  );

  it('holds for random sequences', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
      const balances = new Map<string, BalanceState>();
      const book = (postings: PostingDraft[]): boolean => {
        const applied = applyPostings(balances, postings);
        if (!applied.ok) return false;
        for (const [k, v] of applied.value.balances) balances.set(k, v);
        return true;
      };
      const house = systemAccount('house', COIN);
      for (const userId of USERS) {
        expect(book([{ account: systemAccount('custody', COIN), bucket: 'available', amountMinor: -FUNDED, kind: 'deposit' }, { account: userAccount(userId, LOCK_ACCOUNT, COIN), bucket: 'available', amountMinor: FUNDED, kind: 'deposit' }])).toBe(true);
      }
      const orders: Order[] = [];
      let now = at('2026-12-01T10:00:00.000Z');
      // The due work: every order's dividends whose time has come, in order, and maturities.
      const runDue = () => {
        for (const o of orders) {
          for (;;) {
            const day = o.daysPaid + 1;
            if (day > o.terms.lockDays || dividendAtMs(o.terms, day) > now || !dividendPays(o.state, o.endedAtMs, dividendAtMs(o.terms, day))) break;
            const amount = dailyDividendMinor(o.terms.principalMinor, o.terms.dailyYieldPpm);
            if (amount > 0n) expect(book(dividendPostings(o.userId, COIN, amount))).toBe(true);
            o.daysPaid = day;
          }
          if (o.state === 'locked' && maturesAtMs(o.terms) <= now) {
            expect(book(releasePostings(o.userId, COIN, o.terms.principalMinor, LOCK_KINDS.maturity))).toBe(true);
            o.state = 'matured';
            o.endedAtMs = maturesAtMs(o.terms);
          }
        }
      };
      for (const step of ops) {
        if (step.kind === 'wait') now += step.ms;
        else if (step.kind === 'lock') {
          const p = PRODUCTS[step.product]!;
          const userId = USERS[step.user]!;
          const available = balances.get(accountKeyText(userAccount(userId, LOCK_ACCOUNT, COIN)))?.available ?? 0n;
          const refused = lockRefusal({ status: 'active', expiryDate: '2099-12-31', minMinor: p.minMinor, maxMinor: null }, step.amount, available, now);
          const booked = refused === null && book(lockPostings(userId, COIN, step.amount));
          expect(booked).toBe(refused === null);
          if (booked) orders.push({ userId, terms: { ...p, principalMinor: step.amount, lockedAtMs: now }, state: 'locked', daysPaid: 0, endedAtMs: null });
        } else {
          const o = orders.filter((x) => x.state === 'locked')[step.pick % Math.max(1, orders.length)];
          if (o) {
            const quote = redeemQuote(o.terms, now);
            const matured = quote.remainingDays === 0;
            expect(book(releasePostings(o.userId, COIN, o.terms.principalMinor, matured ? LOCK_KINDS.maturity : LOCK_KINDS.redeem))).toBe(true);
            if (quote.penaltyMinor > 0n) expect(book(penaltyPostings(o.userId, COIN, quote.penaltyMinor))).toBe(true);
            expect(quote.penaltyMinor <= o.terms.principalMinor).toBe(true);
            o.state = matured ? 'matured' : 'redeemed';
            o.endedAtMs = matured ? maturesAtMs(o.terms) : now;
          }
        }
        runDue();
        let held = 0n;
        for (const userId of USERS) {
          const b = balances.get(accountKeyText(userAccount(userId, LOCK_ACCOUNT, COIN))) ?? { available: 0n, frozen: 0n };
          expect(b.available >= 0n && b.frozen >= 0n).toBe(true);
          const locked = orders.filter((o) => o.userId === userId && o.state === 'locked').reduce((s, o) => s + o.terms.principalMinor, 0n);
          expect(b.frozen).toBe(locked);
          held += b.available + b.frozen;
        }
        const houseBalance = balances.get(accountKeyText(house))?.available ?? 0n;
        expect(held + houseBalance).toBe(FUNDED * BigInt(USERS.length));
      }
      // Every order's days paid are exactly those due by when it ended (or by now).
      for (const o of orders) expect(o.daysPaid).toBe(daysDue(o.terms, o.endedAtMs ?? now));
    }), { numRuns: 300 });
  });
});
