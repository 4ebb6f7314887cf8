import { MOBILE_DIGITS_MAX, MOBILE_DIGITS_MIN } from '../../contract/api/account.ts';

/** Where a code is sent and how an account is found: an email, or a mobile with its area code. */
export type AccountTarget = { kind: 'email'; email: string } | { kind: 'mobile'; areaCode: string; phone: string };

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is proven by the code.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;

/** Lower-cased and trimmed, or null when it is not an email address. */
export function normaliseEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return email.length <= EMAIL_MAX && EMAIL.test(email) ? email : null;
}

/** Area code as digits only ("+86" and "86" are the same), or null. */
export function normaliseAreaCode(raw: string): string | null {
  const digits = raw.trim().replace(/^\+/, '');
  return /^[1-9]\d{0,3}$/.test(digits) ? digits : null;
}

/** A mobile number as digits (spaces and dashes people type are dropped), or null. */
export function normaliseMobile(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  const pattern = new RegExp(`^\\d{${MOBILE_DIGITS_MIN},${MOBILE_DIGITS_MAX}}$`);
  return pattern.test(digits) ? digits : null;
}

/** The key codes and throttles are stored under; one per person-visible address. */
export function targetKey(target: AccountTarget): string {
  return target.kind === 'email' ? `email:${target.email}` : `mobile:+${target.areaCode}${target.phone}`;
}

/** How the dev outbox names a recipient: the email, or "+<area><number>". */
export function targetAddress(target: AccountTarget): string {
  return target.kind === 'email' ? target.email : `+${target.areaCode}${target.phone}`;
}

/** The outbox `to` query in the same form as targetAddress, whatever the caller typed. */
export function normaliseAddress(raw: string): string {
  const text = raw.trim();
  return text.includes('@') ? text.toLowerCase() : '+' + text.replace(/\D/g, '');
}
