import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount-input.ts';
import { checkBankCard, checkInternationalCard, isAbaNumber, maskCard } from './bank-card-rules.ts';
import { exchangeSplit, feeFor, transferSplit } from './fee-rules.ts';
import { parseRatesPayload, ratesStale, RATES_MAX_AGE_MS } from './fiat-rates.ts';
import { parseFundAccount } from './fund-account-input.ts';
import { checkRealName, maskIdNumber, normaliseIdNumber, realStateOf, submissionProblem, verifiedLevel } from './identity-rules.ts';
import { normaliseIdempotencyKey } from './idempotency-rules.ts';
import {
  accountChangePostings, depositPostings, exchangePostings, userTransferPostings, withdrawRequestPostings, withdrawSendPostings,
} from './journal-builders.ts';
import { accountKeyText, applyPostings, journalProblem, reversalOf, systemAccount, userAccount, type JournalDraft, type PostingDraft } from './ledger.ts';
import { fiatTradeProblem, withdrawLimitLeft, withdrawLimitProblem } from './limit-rules.ts';
import { maskMiddle } from './masking.ts';
import { convertMinor, crossPriceMinor, priceTicks } from './reference-prices.ts';

describe('amount input', () => {
  it('accepts plain positive decimals within the currency scale', () => {
    expect(parseAmount('0.015', 8)).toEqual({ ok: true, value: 1_500_000n });
    expect(parseAmount('12', 6)).toEqual({ ok: true, value: 12_000_000n });
    expect(parseAmount(' 1.50 ', 2)).toEqual({ ok: true, value: 150n });
    expect(parseAmount('0.00000001', 8)).toEqual({ ok: true, value: 1n });
  });
  it('refuses everything else with a clear code', () => {
    for (const bad of ['-1', '0', '0.000', 'NaN', 'Infinity', '-Infinity', '1e309', '1e5', '1E2', '0x10', '+1', '', ' ', '.5', '5.', '007', '1,5', '١', '1 000', '99999999999999999999999']) {
      expect(parseAmount(bad, 8), bad).toMatchObject({ ok: false, code: 'VALID.AMOUNT' });
    }
    expect(parseAmount('0.123456789', 8)).toMatchObject({ ok: false, code: 'WALLET.AMOUNT_DECIMALS' });
    expect(parseAmount('1.5', 0)).toMatchObject({ ok: false, code: 'WALLET.AMOUNT_DECIMALS' });
    expect(parseAmount(undefined, 8, 'amount')).toEqual({ ok: false, code: 'VALID.REQUIRED', field: 'amount' });
  });
  it('round-trips any minor amount through its decimal text', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n - 1n }), fc.integer({ min: 0, max: 18 }), (minor, decimals) => {
      const digits = minor.toString().padStart(decimals + 1, '0');
      const text = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
      expect(parseAmount(text, decimals)).toEqual({ ok: true, value: minor });
    }));
  });
});

const balanced = (postings: PostingDraft[]): JournalDraft => ({ kind: 'test', userId: 1, refType: 'test', refId: null, reversesJournalId: null, postings });

describe('journals', () => {
  it('every builder balances per currency', () => {
    fc.assert(fc.property(fc.bigInt({ min: 2n, max: 10n ** 20n }), fc.bigInt({ min: 0n, max: 10n ** 6n }), (amount, fee) => {
      const all = [
        depositPostings(7, 1, amount),
        withdrawRequestPostings(7, 1, amount, fee),
        withdrawSendPostings(7, 1, amount, fee),
        accountChangePostings(7, 1, amount, 'change', 'lever'),
        userTransferPostings(7, 8, 1, amount, fee < amount ? fee : 0n),
        exchangePostings({ userId: 7, account: 'change', fromCurrencyId: 1, toCurrencyId: 2, amount, gross: amount * 3n, fee }),
      ];
      for (const postings of all) {
        expect(journalProblem(balanced(postings))).toBeNull();
        expect(journalProblem(balanced(reversalOf(postings, 'undo')))).toBeNull();
      }
    }));
  });
  it('refuses unbalanced, zero and one-legged journals', () => {
    const a = userAccount(7, 'change', 1);
    expect(journalProblem(balanced([{ account: a, bucket: 'available', amountMinor: 5n, kind: 'x' }]))).toMatch(/two postings/);
    expect(journalProblem(balanced([
      { account: a, bucket: 'available', amountMinor: 5n, kind: 'x' },
      { account: systemAccount('custody', 1), bucket: 'available', amountMinor: -4n, kind: 'x' },
    ]))).toMatch(/sums to 1/);
    expect(journalProblem(balanced([
      { account: a, bucket: 'available', amountMinor: 0n, kind: 'x' },
      { account: systemAccount('custody', 1), bucket: 'available', amountMinor: 0n, kind: 'x' },
    ]))).toMatch(/zero/);
  });
  it('never lets a user balance end below zero; custody and house may', () => {
    const start = new Map([[accountKeyText(userAccount(7, 'change', 1)), { available: 100n, frozen: 0n }]]);
    const freeze = applyPostings(start, withdrawRequestPostings(7, 1, 90n, 10n));
    expect(freeze.ok && freeze.value.after).toEqual([10n, 0n, 100n]);
    expect(applyPostings(start, withdrawRequestPostings(7, 1, 91n, 10n))).toMatchObject({ ok: false, code: 'WALLET.INSUFFICIENT_BALANCE' });
    const deposit = applyPostings(new Map(), depositPostings(7, 1, 5n));
    expect(deposit.ok && deposit.value.balances.get(accountKeyText(systemAccount('custody', 1)))).toEqual({ available: -5n, frozen: 0n });
    expect(applyPostings(new Map(), userTransferPostings(7, 8, 1, 5n, 1n)).ok).toBe(false);
  });
});

describe('fees, prices and limits', () => {
  it('rounds fees up to the minor unit', () => {
    expect(feeFor(10_000n, 10n)).toBe(10n);
    expect(feeFor(1n, 10n)).toBe(1n);
    expect(feeFor(0n, 10n)).toBe(0n);
    expect(transferSplit(10_000_000n)).toEqual({ fee: 10_000n, receive: 9_990_000n });
    expect(transferSplit(1n).receive).toBe(0n);
    expect(exchangeSplit(600_000_000n)).toEqual({ fee: 1_200_000n, receive: 598_800_000n });
  });
  it('converts at reference prices with integers only', () => {
    const btc = { decimals: 8, priceTicks: priceTicks('BTC') ?? 0n };
    const usdt = { decimals: 6, priceTicks: priceTicks('usdt') ?? 0n };
    const trx = { decimals: 6, priceTicks: priceTicks('TRX') ?? 0n };
    expect(priceTicks('TRX')).toBe(12_000_000n);
    expect(priceTicks('NOPE')).toBeNull();
    expect(convertMinor(1_000_000n, btc, usdt)).toBe(600_000_000n);
    expect(convertMinor(1n, trx, btc)).toBe(0n);
    expect(convertMinor(1n, trx, btc, true)).toBe(1n);
    expect(crossPriceMinor(usdt, btc, 8)).toBe(1666n);
  });
  it('applies the 24 h withdrawal limit and the single fiat trade limit by level', () => {
    expect(withdrawLimitProblem(0, 0n, 1n)).toBe('verify');
    expect(withdrawLimitProblem(1, 0n, 200n * 10n ** 8n)).toBeNull();
    expect(withdrawLimitProblem(1, 1n, 200n * 10n ** 8n)).toBe('limit');
    expect(withdrawLimitProblem(2, 300n * 10n ** 8n, 200n * 10n ** 8n)).toBeNull();
    expect(withdrawLimitLeft(1, 250n * 10n ** 8n)).toBe(0n);
    expect(fiatTradeProblem(0, 1n, 6)).toBe('verify');
    expect(fiatTradeProblem(1, 2000n * 10n ** 6n, 6)).toBeNull();
    expect(fiatTradeProblem(1, 2000n * 10n ** 6n + 1n, 6)).toBe('limit');
  });
});

describe('identity, cards and other inputs', () => {
  it('checks names and document numbers, and masks them', () => {
    expect(checkRealName('张三')).toBeNull();
    expect(checkRealName("Anne-Marie O'Neil")).toBeNull();
    expect(checkRealName('x')).toBe('VALID.REAL_NAME');
    expect(checkRealName('Bob <script>')).toBe('VALID.REAL_NAME');
    expect(normaliseIdNumber('id_card', '1101 0119 9001 0112 3x')).toBe('11010119900101123X');
    expect(normaliseIdNumber('passport', 'E1')).toBeNull();
    expect(maskIdNumber('11010119900101123X')).toBe('1101**********123X');
    expect(maskMiddle('12345')).toBe('1**45');
  });
  it('orders verification states', () => {
    const base = { requested: 1 as const, level: 0 as const, latest: undefined, emailBound: true, phoneBound: true };
    expect(submissionProblem({ ...base, phoneBound: false })).toBe('KYC.BINDING_REQUIRED');
    expect(submissionProblem(base)).toBeNull();
    expect(submissionProblem({ ...base, latest: { level: 1, state: 'pending' } })).toBe('KYC.UNDER_REVIEW');
    expect(submissionProblem({ ...base, requested: 2 })).toBe('KYC.LEVEL1_REQUIRED');
    expect(submissionProblem({ ...base, level: 1 })).toBe('KYC.ALREADY_VERIFIED');
    expect(verifiedLevel([{ level: 1, state: 'approved' }, { level: 2, state: 'rejected' }])).toBe(1);
    expect(realStateOf({ level: 2, state: 'rejected' })).toBe(3);
  });
  it('requires every bank card field and masks the card', () => {
    const card = { real_name: 'Li Lei', bank_name: 'ICBC', card_number: '6222 0212 3456 7890 123', bank_address: 'Beijing branch', province: 'Beijing', city: 'Beijing', phone: '13800138000' };
    const ok = checkBankCard(card);
    expect(ok).toMatchObject({ ok: true, value: { card_number: '6222021234567890123' } });
    expect(checkBankCard({ ...card, city: undefined })).toEqual({ ok: false, code: 'VALID.REQUIRED', field: 'city' });
    expect(checkBankCard({ ...card, card_number: '12ab' })).toMatchObject({ code: 'VALID.CARD_NUMBER' });
    expect(ok.ok && maskCard(ok.value)).toMatchObject({ card_number: '6222***********0123', phone: '138****8000' });
    expect(isAbaNumber('021000021')).toBe(true);
    expect(isAbaNumber('021000022')).toBe(false);
    const intl = { ...card, aba_number: '021000021', swift_code: 'chasus33', bank_network: 'SWIFT', cardholder_address: '1 Main St', country: 'us' };
    expect(checkInternationalCard(intl)).toMatchObject({ ok: true, value: { swift_code: 'CHASUS33', country: 'US' } });
    expect(checkInternationalCard({ ...intl, swift_code: 'CHAS' })).toMatchObject({ code: 'VALID.SWIFT_CODE' });
  });
  it('reads fund accounts, idempotency keys and rates payloads', () => {
    expect(parseFundAccount('1')).toBe('legal');
    expect(parseFundAccount('Change')).toBe('change');
    expect(parseFundAccount('5')).toBeNull();
    expect(normaliseIdempotencyKey(' 4f1c2b7a-1d3e-4c5b-9a8f-0e1d2c3b4a59 ')).toBe('4f1c2b7a-1d3e-4c5b-9a8f-0e1d2c3b4a59');
    expect(normaliseIdempotencyKey('short')).toBeNull();
    const rates = { USD: 1, CNY: 7.12, GBP: 0.79, HKD: 7.8, JPY: 151.2, EUR: 0.92, AED: 3.6725, THB: 35.1, PHP: 56.2, SGD: 1.34, VND: 25400 };
    expect(parseRatesPayload({ rates })).toMatchObject({ CNY: '7.12', VND: '25400', USD: '1' });
    expect(parseRatesPayload({ rates: { ...rates, JPY: 1e-7 } })).toBeNull();
    expect(parseRatesPayload({ rates: { CNY: 7 } })).toBeNull();
    expect(ratesStale(0, RATES_MAX_AGE_MS)).toBe(true);
    expect(ratesStale(1, RATES_MAX_AGE_MS)).toBe(false);
  });
});
