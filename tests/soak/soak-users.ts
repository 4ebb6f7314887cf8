import type { Kysely } from 'kysely';
import { depositPostings } from '../../server/domain/journal-builders.ts';
import { decimalToMinor } from '../../server/domain/minor-units.ts';
import { SYSTEM_USER_ID } from '../../server/domain/ledger.ts';
import type { DbHandle } from '../../server/db/open-database.ts';
import type { Database } from '../../server/db/schema.ts';
import { systemClock } from '../../server/services/clock.ts';
import { LedgerService } from '../../server/services/ledger/ledger-service.ts';
import { hashPassword } from '../../server/services/password-hasher.ts';
import { UserService } from '../../server/services/user-service.ts';
import type { DualProduct } from '../../contract/api/dual.ts';
import type { IeoProject } from '../../contract/api/ieo.ts';
import type { InvestProduct } from '../../contract/api/invest.ts';
import type { LockProduct } from '../../contract/api/lockming.ts';
import { TEST_COST } from '../server/helpers/money.ts';
import { call } from '../server/helpers/server-process.ts';
import { SOAK_PAY_PASSWORD, type SoakIds } from './soak-writes.ts';

export const SOAK_PASSWORD = 'soak-secret-1';
const FUNDS = [
  ['change', 'USDT', '1000000'], ['change', 'BTC', '20'], ['lever', 'USDT', '100000'], ['micro', 'USDT', '100000'],
  ['mining', 'USDT', '100000'], ['financial', 'USDT', '100000'], ['financial', 'BTC', '5'],
] as const;
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/**
 * Users made in the database before the server starts (as the due-work crash test does): a bound
 * phone, a payment password and an approved identity, so withdrawals and transfers are allowed,
 * and funds deposited through the ledger from custody. Cheap scrypt costs keep logins fast.
 */
export async function createSoakUsers(handle: DbHandle, count: number, tag: string): Promise<{ uid: number; email: string }[]> {
  const ctx = { db: handle.db, dialect: handle.dialect, clock: systemClock, log: { info: () => undefined, warn: () => undefined } };
  const users = new UserService(ctx);
  const ledger = new LedgerService(ctx);
  const passwordHash = await hashPassword(SOAK_PASSWORD, TEST_COST);
  const payHash = await hashPassword(SOAK_PAY_PASSWORD, TEST_COST);
  const made: { uid: number; email: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `soak-${tag}-${i}@example.com`;
    const created = await users.create({ target: { kind: 'email', email }, passwordHash, inviterId: null });
    if (!created.ok) throw new Error(`soak user ${email}: ${created.code}`);
    const uid = created.value;
    const bound = await users.bindMobile(uid, '86', `1380000${String(uid).padStart(4, '0')}`);
    if (!bound.ok) throw new Error(`soak user ${email} phone: ${bound.code}`);
    const now = new Date().toISOString();
    await handle.db.updateTable('users').set({ pay_password_hash: payHash, real_state: 2 }).where('id', '=', uid).execute();
    await handle.db.insertInto('identity_verifications').values({
      user_id: uid, level: 1, id_type: 'passport', name: 'Soak User', card_id: 'E1234567', front_pic: '', reverse_pic: '',
      state: 'approved', reason: '', decided_by: 'soak', created_at: now, decided_at: now,
    }).execute();
    await handle.db.transaction().execute(async (trx) => {
      const postings = [];
      for (const [account, symbol, amount] of FUNDS) {
        const currency = await trx.selectFrom('currencies').select(['id', 'decimals']).where('symbol', '=', symbol).executeTakeFirstOrThrow();
        postings.push(...depositPostings(uid, currency.id, decimalToMinor(amount, currency.decimals) ?? 0n, account));
      }
      const booked = await ledger.book(trx, { kind: 'deposit', userId: SYSTEM_USER_ID, refType: 'soak', refId: uid, reversesJournalId: null, postings });
      if (!booked.ok) throw new Error(`soak funds: ${booked.code}`);
    });
    made.push({ uid, email });
  }
  return made;
}

type EarnIds = Pick<SoakIds, 'lock' | 'ieo' | 'invest' | 'dual'>;

/** The seeded finance products the writes use, as the app lists them (answers null for a product none of is open). */
export async function readEarnIds(server: { url: string }, token: string): Promise<EarnIds> {
  const list = async <T>(path: string, data: Record<string, string> = {}): Promise<T[]> => {
    const answer = await call<T[] | { data: T[] }>(server, path, data, token, 'GET');
    if (answer.type !== 'ok') throw new Error(`soak ${path}: ${JSON.stringify(answer)}`);
    return Array.isArray(answer.message) ? answer.message : answer.message.data;
  };
  const lock = (await list<LockProduct>('/api/lh/deposit/config', { type: 'lock' })).find((p) => p.currency === 'USDT' && p.status === 'active');
  const project = (await list<IeoProject>('/api/project', { phase: 'in_progress' })).find((p) => p.prices.some((x) => x.currency === 'USDT'));
  const invest = (await list<InvestProduct>('/api/invest/list')).find((p) => p.state === 'open' && p.remaining_shares > 1000);
  const dual = (await list<DualProduct>('/api/dual/index')).find((p) => p.deposit_currency === 'USDT' && p.state === 'open');
  return {
    lock: lock ? { id: lock.id, min: Number(lock.min_amount) } : null,
    ieo: project ? { id: project.id, min: Number(project.min_amount), price: project.prices.find((x) => x.currency === 'USDT')?.price ?? '' } : null,
    invest: invest ? { id: invest.id } : null,
    dual: dual ? { id: dual.id, min: Number(dual.min_amount) } : null,
  };
}

/** The ids the writes name, from the seeded database. */
export async function readSoakIds(db: Kysely<Database>): Promise<Omit<SoakIds, keyof EarnIds | 'trader'>> {
  const currency = async (symbol: string) => (await db.selectFrom('currencies').select('id').where('symbol', '=', symbol).executeTakeFirstOrThrow()).id;
  const usdt = await currency('USDT');
  const network = await db.selectFrom('currency_networks').select('id').where('currency_id', '=', usdt).where('network', '=', 'TRC20').executeTakeFirstOrThrow();
  const pair = await db.selectFrom('market_symbols').select('id').where('symbol', '=', 'BTC/USDT').executeTakeFirstOrThrow();
  return { usdt, btc: await currency('BTC'), btcPairId: pair.id, usdtNetwork: network.id, usdtAddress: TRON_ADDRESS };
}
