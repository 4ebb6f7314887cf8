import { SYSTEM_USER_ID } from '../../domain/ledger.ts';
import { COIN_ACCOUNT } from '../../domain/journal-builders.ts';
import { frozenByContracts } from '../contracts/contract-holds.ts';
import { frozenBySpotOrders } from '../market/spot-holds.ts';
import type { ServiceContext } from '../service-context.ts';

export interface LedgerReport {
  ok: boolean;
  journals: number;
  postings: number;
  accounts: number;
  /** Human-readable findings; empty when ok. */
  problems: string[];
}

const PAGE = 5000;
const MAX_PROBLEMS = 50;

/**
 * Verifies the ledger from first principles, reading everything and trusting nothing:
 *  - every journal sums to zero per currency;
 *  - replaying each (account, bucket)'s postings in order reproduces every balance_after and ends at
 *    the stored balance;
 *  - no user balance is negative, and the whole ledger sums to zero per currency;
 *  - each user's frozen coin balance equals their pending and approved withdrawals (amount + fee)
 *    plus what their open spot orders hold; lever, stock and micro accounts hold exactly their open
 *    futures margins, pending limit-order holds and open option stakes; no other account holds any.
 */
export async function checkLedger(ctx: Pick<ServiceContext, 'db'>): Promise<LedgerReport> {
  const { db } = ctx;
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
  const frozenWanted = await frozenByWithdrawals(ctx);
  for (const [key, amount] of await frozenBySpotOrders(ctx)) frozenWanted.set(key, (frozenWanted.get(key) ?? 0n) + amount);
  // Futures margins and limit-order holds (lever, stock) and option stakes (micro), per user:account:currency.
  const contractHeld = await frozenByContracts(ctx);
  for (const a of accounts) {
    const available = BigInt(a.available_minor);
    const frozen = BigInt(a.frozen_minor);
    const label = `account ${a.id} (${a.user_id === SYSTEM_USER_ID ? 'system' : `user ${a.user_id}`} ${a.name} currency ${a.currency_id})`;
    if (available !== (running.get(`${a.id}:available`) ?? 0n)) note(`${label}: available ${available} but postings sum to ${running.get(`${a.id}:available`) ?? 0n}`);
    if (frozen !== (running.get(`${a.id}:frozen`) ?? 0n)) note(`${label}: frozen ${frozen} but postings sum to ${running.get(`${a.id}:frozen`) ?? 0n}`);
    if (a.allow_negative === 0 && (available < 0n || frozen < 0n)) note(`${label}: negative balance`);
    if (a.user_id !== SYSTEM_USER_ID) {
      const contractKey = `${a.user_id}:${a.name}:${a.currency_id}`;
      const wanted = a.name === COIN_ACCOUNT ? (frozenWanted.get(`${a.user_id}:${a.currency_id}`) ?? 0n) : (contractHeld.get(contractKey) ?? 0n);
      contractHeld.delete(contractKey);
      if (frozen !== wanted) note(`${label}: frozen ${frozen} but open withdrawals and spot orders hold ${wanted}`);
      if (a.name === COIN_ACCOUNT) frozenWanted.delete(`${a.user_id}:${a.currency_id}`);
    }
    totals.set(a.currency_id, (totals.get(a.currency_id) ?? 0n) + available + frozen);
  }
  for (const [key, amount] of frozenWanted) if (amount !== 0n) note(`user:currency ${key}: open withdrawals and spot orders hold ${amount} but no account exists`);
  for (const [key, amount] of contractHeld) if (amount !== 0n) note(`user:account:currency ${key}: contracts hold ${amount} but no account exists`);
  for (const [currencyId, total] of totals) if (total !== 0n) note(`currency ${currencyId}: all balances sum to ${total}, not 0`);
  return { ok: problems.length === 0, journals: journalSums.size, postings, accounts: accounts.length, problems };
}

/** amount + fee of each user's open (pending or approved) withdrawals, per user and currency. */
async function frozenByWithdrawals(ctx: Pick<ServiceContext, 'db'>): Promise<Map<string, bigint>> {
  const open = await ctx.db
    .selectFrom('withdrawals')
    .select(['user_id', 'currency_id', 'amount_minor', 'fee_minor'])
    .where('state', 'in', ['pending', 'approved'])
    .execute();
  const held = new Map<string, bigint>();
  for (const w of open) {
    const key = `${w.user_id}:${w.currency_id}`;
    held.set(key, (held.get(key) ?? 0n) + BigInt(w.amount_minor) + BigInt(w.fee_minor));
  }
  return held;
}
