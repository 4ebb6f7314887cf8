import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BankFormKind } from '../../stores/bank-draft.ts';

/** One input of a bank card form; every one is required (section 5: "Bank card: all fields required"). */
export interface BankField {
  key: string;
  label: MessageDescriptor;
  placeholder?: MessageDescriptor;
  inputMode?: 'text' | 'numeric' | 'tel';
  autoComplete?: string;
  maxLength: number;
  /** Reformat before checking and sending: card numbers lose spaces, codes go upper case. */
  clean?: (value: string) => string;
  /** Checks beyond "not empty"; returns the message to show. */
  check?: (value: string) => MessageDescriptor | null;
}

const noSpaces = (v: string) => v.replace(/[\s-]+/g, '');

/** A US routing number: nine digits whose weighted sum (3, 7, 1 repeating) is a multiple of ten. */
export function isAbaNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...digits].reduce((sum, d, i) => sum + Number(d) * (weights[i] ?? 0), 0) % 10 === 0;
}

/** Fields /user/cash_info answers masked ("6222****1234"): they are typed again to change the card. */
export const MASKED_FIELDS: ReadonlySet<string> = new Set(['card_number', 'phone']);
const upper = (v: string) => noSpaces(v).toUpperCase();

const cardNumber: BankField = {
  key: 'card_number',
  label: msg`Card or account number`,
  inputMode: 'numeric',
  autoComplete: 'off',
  maxLength: 40,
  clean: noSpaces,
  check: (v) => (/^\d{8,30}$/.test(v) ? null : msg`Enter 8 to 30 digits`),
};
const phone: BankField = {
  key: 'phone',
  label: msg`Phone`,
  inputMode: 'tel',
  autoComplete: 'tel',
  maxLength: 20,
  clean: (v) => v.replace(/[\s()-]+/g, ''),
  check: (v) => (/^\+?\d{5,20}$/.test(v) ? null : msg`Please enter a valid phone number`),
};
const realName: BankField = { key: 'real_name', label: msg`Account holder`, autoComplete: 'name', maxLength: 50, placeholder: msg`Name on the account` };
const bankName: BankField = { key: 'bank_name', label: msg`Bank name`, maxLength: 100 };

export const BANK_FIELDS: Record<BankFormKind, readonly BankField[]> = {
  bank: [
    realName,
    bankName,
    cardNumber,
    { key: 'province', label: msg`Province or state`, autoComplete: 'address-level1', maxLength: 50 },
    { key: 'city', label: msg`City`, autoComplete: 'address-level2', maxLength: 50 },
    { key: 'bank_address', label: msg`Branch or bank address`, maxLength: 200 },
    phone,
  ],
  bank_international: [
    realName,
    bankName,
    { ...cardNumber, label: msg`Account number` },
    { key: 'swift_code', label: msg`SWIFT code`, autoComplete: 'off', maxLength: 11, clean: upper, check: (v) => (/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v) ? null : msg`A SWIFT code has 8 or 11 letters and digits`) },
    { key: 'aba_number', label: msg`ABA routing number`, inputMode: 'numeric', autoComplete: 'off', maxLength: 9, clean: noSpaces, check: (v) => (isAbaNumber(v) ? null : msg`Please check the ABA routing number (9 digits)`) },
    { key: 'bank_network', label: msg`Bank network`, maxLength: 50, placeholder: msg`Such as SWIFT, SEPA or ACH` },
    { key: 'bank_address', label: msg`Bank address`, maxLength: 200 },
    { key: 'cardholder_address', label: msg`Account holder address`, autoComplete: 'street-address', maxLength: 200 },
    phone,
  ],
};
