import type { BankCard, InternationalBankCard } from '../../contract/api/wallet.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import { failure, success, type Outcome } from './outcome.ts';
import { checkRealName } from './identity-rules.ts';
import { maskMiddle } from './masking.ts';

/** Section 5: every bank card field is required. Each is checked and normalised here. */
type Checker = (raw: string) => string | ErrorCode;

const TEXT_MAX = 120;
const isCode = (v: string): v is ErrorCode => /^[A-Z]+\.[A-Z_]+$/.test(v);

const freeText: Checker = (raw) => {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (!text) return 'VALID.REQUIRED';
  return [...text].length <= TEXT_MAX ? text : 'VALID.TEXT_TOO_LONG';
};
const realName: Checker = (raw) => {
  const text = raw.trim().replace(/\s+/g, ' ');
  return checkRealName(text) ?? text;
};
const cardNumber: Checker = (raw) => {
  const digits = raw.replace(/[\s-]/g, '');
  return /^\d{8,30}$/.test(digits) ? digits : 'VALID.CARD_NUMBER';
};
const phone: Checker = (raw) => {
  const text = raw.replace(/[\s-]/g, '');
  return /^\+?\d{5,20}$/.test(text) ? text : 'VALID.MOBILE';
};
const swift: Checker = (raw) => {
  const code = raw.replace(/\s/g, '').toUpperCase();
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(code) ? code : 'VALID.SWIFT_CODE';
};

/** A US routing number: nine digits whose weighted sum (3, 7, 1 repeating) is a multiple of ten. */
export function isAbaNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...digits].reduce((sum, d, i) => sum + Number(d) * (weights[i] ?? 0), 0) % 10 === 0;
}
const aba: Checker = (raw) => {
  const digits = raw.replace(/\s/g, '');
  return isAbaNumber(digits) ? digits : 'VALID.ABA_NUMBER';
};
const country = (raw: string | undefined): string | null | ErrorCode => {
  if (raw === undefined) return null;
  const code = raw.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : 'VALID.COUNTRY';
};

const DOMESTIC: Record<Exclude<keyof BankCard, 'country'>, Checker> = {
  real_name: realName, bank_name: freeText, card_number: cardNumber, bank_address: freeText,
  province: freeText, city: freeText, phone,
};
const INTERNATIONAL: Record<Exclude<keyof InternationalBankCard, 'country'>, Checker> = {
  real_name: realName, bank_name: freeText, card_number: cardNumber, aba_number: aba, swift_code: swift,
  bank_network: freeText, bank_address: freeText, cardholder_address: freeText, phone,
};

function check<T>(rules: Record<string, Checker>, input: Readonly<Record<string, string | undefined>>): Outcome<T> {
  const card: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const raw = input[field];
    if (raw === undefined || !raw.trim()) return failure('VALID.REQUIRED', field);
    const value = rule(raw);
    if (isCode(value)) return failure(value, field);
    card[field] = value;
  }
  const region = country(input.country);
  if (region !== null && isCode(region)) return failure(region, 'country');
  if (region) card.country = region;
  return success(card as T);
}

export const checkBankCard = (input: Readonly<Record<string, string | undefined>>) => check<BankCard>(DOMESTIC, input);
export const checkInternationalCard = (input: Readonly<Record<string, string | undefined>>) => check<InternationalBankCard>(INTERNATIONAL, input);

/** What /user/cash_info answers: the card number and phone with their middles starred. */
export function maskCard<T extends BankCard | InternationalBankCard>(card: T): T {
  return { ...card, card_number: maskMiddle(card.card_number, 4, 4), phone: maskMiddle(card.phone, 3, 4) };
}
