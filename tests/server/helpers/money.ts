import { randomUUID } from 'node:crypto';
import type { FundAccount, WalletDetail } from '../../../contract/api/wallet.ts';
import { decimalToMinor } from '../../../server/domain/minor-units.ts';
import { hashPassword } from '../../../server/services/password-hasher.ts';
import type { TestServer } from './test-server.ts';
import { walletOf } from '../../../server/modules/wallet/module.ts';

/**
 * Money tests make their users through the services (no codes, no mail) with cheap scrypt hashes:
 * verification reads the cost from the hash, so a low one keeps 50 parallel payment-password checks
 * fast. Everything the test then does to money goes over real HTTP.
 */
export const TEST_COST = { ln: 4, r: 8, p: 1 };
export const PAY_PASSWORD = 'pay-pass-1';

export interface TestUser {
  uid: number;
  email: string;
  token: string;
}

export interface UserOptions {
  /** Bind a mobile number (identity verification needs one). Default true. */
  phone?: boolean;
  /** Set this payment password; null for none. Default PAY_PASSWORD. */
  payPassword?: string | null;
  /** Verification level approved for the user. Default 1. */
  level?: 0 | 1 | 2;
}

let phoneCounter = 0;

export async function makeUser(t: TestServer, email: string, options: UserOptions = {}): Promise<TestUser> {
  const { services, db } = t.server;
  const created = await services.users.create({ target: { kind: 'email', email }, passwordHash: await hashPassword('secret-1', TEST_COST), inviterId: null });
  if (!created.ok) throw new Error(`could not create ${email}: ${created.code}`);
  const uid = created.value;
  if (options.phone ?? true) {
    phoneCounter += 1;
    const bound = await services.users.bindMobile(uid, '86', `139${String(uid).padStart(6, '0')}${String(phoneCounter % 100).padStart(2, '0')}`);
    if (!bound.ok) throw new Error(`could not bind a phone: ${bound.code}`);
  }
  const payPassword = options.payPassword === undefined ? PAY_PASSWORD : options.payPassword;
  if (payPassword !== null) {
    await db.updateTable('users').set({ pay_password_hash: await hashPassword(payPassword, TEST_COST) }).where('id', '=', uid).execute();
  }
  const level = options.level ?? 1;
  for (let l = 1; l <= level; l += 1) {
    await db.insertInto('identity_verifications').values({
      user_id: uid, level: l, id_type: 'passport', name: 'Test User', card_id: 'E1234567', front_pic: '', reverse_pic: '',
      state: 'approved', reason: '', decided_by: 'test', created_at: new Date().toISOString(), decided_at: new Date().toISOString(),
    }).execute();
  }
  if (level > 0) await db.updateTable('users').set({ real_state: 2 }).where('id', '=', uid).execute();
  // "Stay signed in" (30 days), so tests that move the clock past 24 h keep their session.
  return { uid, email, token: await services.sessions.create(uid, true, '127.0.0.1') };
}

export async function currencyId(t: TestServer, symbol: string): Promise<number> {
  const row = await t.server.db.selectFrom('currencies').select('id').where('symbol', '=', symbol).executeTakeFirstOrThrow();
  return row.id;
}

export async function networkId(t: TestServer, name: string): Promise<number> {
  const row = await t.server.db.selectFrom('currency_networks').select('id').where('network', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** A deposit on the simulated chain, confirmed at once: `amount` lands in the user's coin account. */
export async function fund(t: TestServer, uid: number, symbol: string, amount: string): Promise<void> {
  const { services, db } = t.server;
  const currency = await services.currencies.usable(symbol);
  if (!currency.ok) throw new Error(`no currency ${symbol}`);
  const network = await db.selectFrom('currency_networks').selectAll().where('currency_id', '=', currency.value.id).orderBy('sort').executeTakeFirstOrThrow();
  const minor = decimalToMinor(amount, currency.value.decimals);
  if (minor === null) throw new Error(`bad amount ${amount}`);
  const sent = await walletOf(t.server.modules).chain.send(uid, network, minor);
  if (!sent.ok) throw new Error(`deposit failed: ${sent.code}`);
  const confirmed = await walletOf(t.server.modules).chain.confirm(sent.value.id);
  if (!confirmed.ok || confirmed.value.state !== 'credited') throw new Error('deposit not credited');
}

/** The user's balance of one currency in one fund account, as the wallet answers it. */
export async function balance(t: TestServer, user: TestUser, symbol: string, account: FundAccount = 'change'): Promise<WalletDetail> {
  return t.ok<WalletDetail>('/api/wallet/detail', { token: user.token, data: { currency_id: await currencyId(t, symbol), account } });
}

export const newKey = (): string => randomUUID();

/** A valid address of each seeded network family, for withdrawals. */
export const ADDRESSES = {
  evm: '0x52908400098527886E0F7030069857D2E4169EE7',
  tron: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};
