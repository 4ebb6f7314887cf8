import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SYSTEM_USER_ID } from '../../domain/ledger.ts';
import type { ServiceContext } from '../service-context.ts';

export interface LedgerReport {
  ok: boolean;
  journals: number;
  postings: number;
  accounts: number;
  /** Human-readable findings; empty when ok. */
  problems: string[];
}

/** What one product holds frozen, for the check: open withdrawals, spot order holds, margins ... */
export interface HoldSource {
  /** Named in a finding: "open withdrawals", "spot orders". */
  what: string;
  /** Frozen amounts per "user:fund account:currency", read through `db` (the check's snapshot). */
  read(db: Kysely<Database>): Promise<Map<string, bigint>>;
}

const PAGE = 5000;
const MAX_PROBLEMS = 50;

/**
 * Verifies the ledger from first principles, reading everything and trusting nothing:
 *  - every journal sums to zero per currency;
 *  - replaying each (account, bucket)'s postings in order reproduces every balance_after and ends at
 *    the stored balance;
 *  - no user balance is negative, and the whole ledger sums to zero per currency;
 *  - each user account's frozen balance equals what the products hold in it (`holds`, one source
 *    per product module); no other user account holds any.
 * Everything is read in one snapshot (a read transaction on SQLite, REPEATABLE READ READ ONLY on
 * PostgreSQL): a check that read postings, balances and holds in separate statements while the
 * server writes would report a healthy exchange as broken.
 */
export async function checkLedgerWith(ctx: Pick<ServiceContext, 'db'>, holds: readonly HoldSource[]): Promise<LedgerReport> {
  if (ctx.db.getExecutor().adapter instanceof PostgresAdapter) {
    return ctx.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      return checkSnapshot(trx, holds);
    });
  }
  // SQLite (WAL): a deferred transaction's first read fixes the snapshot every later read sees.
  return ctx.db.transaction().execute((trx) => checkSnapshot(trx, holds));
}

async function checkSnapshot(db: Kysely<Database>, holds: readonly HoldSource[]): Promise<LedgerReport> {
  const problems: string[] = [];
  const note = (text: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(text);
  };
  const journalSums = new Map<number, Map<number, bigint>>();
  const running = new Map<string, bigint>();
  let postings = 0;
  for (let after = 0; ; ) {
    const page = await db.selectFrom('ledger_postings').selectAll().where('id', '>', after).orderBy('id').limit(PAGE).execute();
    for (const p of page) {
      postings += 1;
      const amount = BigInt(p.amount_minor);
      const sums = journalSums.get(p.journal_id) ?? new Map<number, bigint>();
      sums.set(p.currency_id, (sums.get(p.currency_id) ?? 0n) + amount);
      journalSums.set(p.journal_id, sums);
      const key = `${p.account_id}:${p.bucket}`;
      const balance = (running.get(key) ?? 0n) + amount;
      running.set(key, balance);
      if (balance.toString() !== p.balance_after_minor) note(`posting ${p.id}: replayed balance ${balance} but balance_after ${p.balance_after_minor}`);
    }
    const last = page.at(-1);
    if (!last) break;
    after = last.id;
  }
  for (const [journalId, sums] of journalSums) {
    for (const [currencyId, sum] of sums) if (sum !== 0n) note(`journal ${journalId}: currency ${currencyId} sums to ${sum}`);
  }
  const journals = await db.selectFrom('ledger_journals').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  if (Number(journals?.n ?? 0) !== journalSums.size) note(`${journals?.n} journals but ${journalSums.size} have postings`);

  const accounts = await db.selectFrom('ledger_accounts').selectAll().execute();
  const totals = new Map<number, bigint>();
  const held = new Map<string, bigint>();
  for (const source of holds) for (const [key, amount] of await source.read(db)) held.set(key, (held.get(key) ?? 0n) + amount);
  const holders = holds.map((h) => h.what).join(', ');
  for (const a of accounts) {
    const available = BigInt(a.available_minor);
    const frozen = BigInt(a.frozen_minor);
    const label = `account ${a.id} (${a.user_id === SYSTEM_USER_ID ? 'system' : `user ${a.user_id}`} ${a.name} currency ${a.currency_id})`;
    if (available !== (running.get(`${a.id}:available`) ?? 0n)) note(`${label}: available ${available} but postings sum to ${running.get(`${a.id}:available`) ?? 0n}`);
    if (frozen !== (running.get(`${a.id}:frozen`) ?? 0n)) note(`${label}: frozen ${frozen} but postings sum to ${running.get(`${a.id}:frozen`) ?? 0n}`);
    if (a.allow_negative === 0 && (available < 0n || frozen < 0n)) note(`${label}: negative balance`);
    if (a.user_id !== SYSTEM_USER_ID) {
      const key = `${a.user_id}:${a.name}:${a.currency_id}`;
      const wanted = held.get(key) ?? 0n;
      held.delete(key);
      if (frozen !== wanted) note(`${label}: frozen ${frozen} but ${holders} hold ${wanted}`);
    }
    totals.set(a.currency_id, (totals.get(a.currency_id) ?? 0n) + available + frozen);
  }
  for (const [key, amount] of held) if (amount !== 0n) note(`user:account:currency ${key}: ${holders} hold ${amount} but no account exists`);
  for (const [currencyId, total] of totals) if (total !== 0n) note(`currency ${currencyId}: all balances sum to ${total}, not 0`);
  return { ok: problems.length === 0, journals: journalSums.size, postings, accounts: accounts.length, problems };
}
