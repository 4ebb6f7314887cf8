import {
  accountKeyText, applyPostings, journalProblem, mayGoNegative,
  type AccountKey, type BalanceState, type JournalDraft,
} from '../../domain/ledger.ts';
import { success, type Outcome } from '../../domain/outcome.ts';
import type { BatchSql, IdRef } from '../batch-sql.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';

/** The id of an account that does not exist yet (created at flush if a journal touched it). */
const NEW_ACCOUNT = -1;

interface LoadedAccount {
  /** NEW_ACCOUNT until created. */
  id: number;
  key: AccountKey;
  /** As read from the database. */
  read: BalanceState;
  /** As of the journals added so far. */
  state: BalanceState;
  dirty: boolean;
}

interface PendingJournal {
  draft: JournalDraft;
  /** Each posting's bucket balance right after it. */
  after: bigint[];
}

/** Keys per read: far below both databases' bound-parameter limits. */
const READ_CHUNK = 400;
const ACCOUNT_COLUMNS = ['user_id', 'name', 'currency_id', 'available_minor', 'frozen_minor', 'allow_negative', 'updated_at'];

export interface LedgerBatchOptions {
  /** Where reads go: the open transaction, or (guarded) the main connection outside one. */
  reader: Tx;
  /** Where writes go (DirectBatchSql in the transaction, or a PlannedBatchSql). */
  sql: BatchSql;
  now: string;
  /**
   * Rows are read without a lock and written later by a plan: each balance is written only if it
   * still holds what was read, and missing accounts are created by the plan (a clash rolls it back).
   */
  guarded: boolean;
}

/**
 * Books many journals in one write transaction with a handful of statements, for writers that make
 * many small journals at once (the spot order flow books a hold, a settlement per fill and releases
 * for every order of a batch). Same rules as LedgerService.book, which stays the writer for
 * everything else: journals must balance per currency, no user balance may end below zero (a
 * refused journal changes nothing), accounts are created when missing, and on PostgreSQL every
 * account is locked (SELECT ... FOR UPDATE) before it is read; guarded batches (SQLite, written on
 * the writer thread) instead write a balance only if it is still what was read. Balances are applied
 * in memory as journals are added; flush() appends journals and postings and writes each touched
 * balance once. A failure anywhere rolls all of it back.
 */
export class LedgerBatch {
  private readonly accounts = new Map<string, LoadedAccount>();
  private readonly journals: PendingJournal[] = [];
  /** Accounts any journal of this batch changed (kept after flush, for the change announcements). */
  private readonly touched = new Set<LoadedAccount>();

  constructor(private readonly ctx: Pick<ServiceContext, 'dialect'>, private readonly options: LedgerBatchOptions) {}

  /**
   * Reads (and locks) the accounts not read yet. An account that does not exist counts as empty and
   * is created only if a journal changes it (at flush), so a refused order leaves no trace.
   */
  async load(keys: readonly AccountKey[]): Promise<void> {
    const missing = new Map<string, AccountKey>();
    for (const key of keys) {
      const text = accountKeyText(key);
      if (!this.accounts.has(text)) missing.set(text, key);
    }
    if (missing.size === 0) return;
    await this.select([...missing.values()]);
    for (const [text, key] of missing) {
      if (!this.accounts.has(text)) this.accounts.set(text, { id: NEW_ACCOUNT, key, read: { available: 0n, frozen: 0n }, state: { available: 0n, frozen: 0n }, dirty: false });
    }
  }

  /** A loaded account's balance as of the journals added so far. */
  balance(key: AccountKey): BalanceState {
    const account = this.accounts.get(accountKeyText(key));
    if (!account) throw new Error(`ledger account ${accountKeyText(key)} not loaded`);
    return account.state;
  }

  /** Loads the journal's accounts, then adds it; WALLET.INSUFFICIENT_BALANCE (nothing changed) when a balance would go negative. */
  async book(draft: JournalDraft): Promise<Outcome<void>> {
    await this.load(draft.postings.map((p) => p.account));
    return this.add(draft);
  }

  /** Adds a journal whose accounts are loaded. */
  add(draft: JournalDraft): Outcome<void> {
    const problem = journalProblem(draft);
    if (problem) throw new Error(`refusing journal ${draft.kind}: ${problem}`);
    const start = new Map<string, BalanceState>();
    for (const p of draft.postings) {
      const text = accountKeyText(p.account);
      const account = this.accounts.get(text);
      if (!account) throw new Error(`ledger account ${text} not loaded`);
      start.set(text, account.state);
    }
    const applied = applyPostings(start, draft.postings);
    if (!applied.ok) return applied;
    for (const [text, state] of applied.value.balances) {
      const account = this.accounts.get(text) as LoadedAccount;
      account.state = state;
      account.dirty = true;
      this.touched.add(account);
    }
    this.journals.push({ draft, after: applied.value.after });
    return success(undefined);
  }

  get size(): number {
    return this.journals.length;
  }

  /** The accounts this batch's journals changed, with their balances now. */
  changed(): { key: AccountKey; state: BalanceState }[] {
    return [...this.touched].map((a) => ({ key: a.key, state: a.state }));
  }

  /** Writes everything added; answers the journal ids (or references to them) in the order the journals were added. */
  async flush(): Promise<IdRef[]> {
    const { sql, now } = this.options;
    const idOf = await this.createAccounts();
    const ids = await sql.insert('ledger_journals', ['kind', 'user_id', 'ref_type', 'ref_id', 'reverses_journal_id', 'created_at'],
      this.journals.map(({ draft: d }) => [d.kind, d.userId, d.refType, d.refId, d.reversesJournalId, now]), 'journal');
    if (ids.length !== this.journals.length) throw new Error(`${this.journals.length} journals but ${ids.length} ids`);
    const postings: unknown[][] = [];
    this.journals.forEach(({ draft, after }, j) => {
      draft.postings.forEach((p, i) => {
        const account = this.accounts.get(accountKeyText(p.account)) as LoadedAccount;
        postings.push([ids[j], idOf(account), p.account.currencyId, p.bucket, p.kind, p.amountMinor.toString(), (after[i] as bigint).toString(), now]);
      });
    });
    await sql.insert('ledger_postings', ['journal_id', 'account_id', 'currency_id', 'bucket', 'kind', 'amount_minor', 'balance_after_minor', 'created_at'], postings);
    const existing = [...this.accounts.values()].filter((a) => a.dirty && a.id !== NEW_ACCOUNT);
    await sql.updateGuarded('ledger_accounts', ['available_minor', 'frozen_minor', 'updated_at'], ['available_minor', 'frozen_minor'], existing.map((a) => ({
      id: a.id, values: [a.state.available.toString(), a.state.frozen.toString(), now], expected: [a.read.available.toString(), a.read.frozen.toString()],
    })));
    this.journals.length = 0;
    for (const account of existing) account.dirty = false;
    return ids;
  }

  /**
   * Creates the accounts journals touched that did not exist, with their final balances, and answers
   * how to name any account in a posting. Nothing could lock a row that did not exist: if another
   * transaction created one meanwhile, the batch throws (and is rolled back and retried) rather than
   * overwrite it.
   */
  private async createAccounts(): Promise<(a: LoadedAccount) => IdRef> {
    const { sql, now, guarded, reader } = this.options;
    const fresh = [...this.touched].filter((a) => a.id === NEW_ACCOUNT);
    const refs = new Map<LoadedAccount, IdRef>();
    const rows = fresh.map(({ key: k, state }) => [k.userId, k.name, k.currencyId, state.available.toString(), state.frozen.toString(), mayGoNegative(k) ? 1 : 0, now]);
    if (guarded) {
      // A clash with an account created meanwhile fails the unique constraint: the plan rolls back.
      (await sql.insert('ledger_accounts', ACCOUNT_COLUMNS, rows, 'account')).forEach((ref, i) => refs.set(fresh[i] as LoadedAccount, ref));
    } else if (fresh.length > 0) {
      const made = await reader.insertInto('ledger_accounts')
        .values(fresh.map(({ key: k, state }) => ({
          user_id: k.userId, name: k.name, currency_id: k.currencyId, available_minor: state.available.toString(), frozen_minor: state.frozen.toString(),
          allow_negative: mayGoNegative(k) ? 1 : 0, updated_at: now,
        })))
        .onConflict((oc) => oc.columns(['user_id', 'name', 'currency_id']).doNothing())
        .returning(['id', 'user_id', 'name', 'currency_id'])
        .execute();
      for (const row of made) {
        const account = this.accounts.get(accountKeyText({ userId: row.user_id, name: row.name, currencyId: row.currency_id }));
        if (account) refs.set(account, row.id);
      }
      const lost = fresh.find((a) => !refs.has(a));
      if (lost) throw new Error(`ledger account ${accountKeyText(lost.key)} was created by another transaction meanwhile`);
    }
    for (const a of fresh) a.dirty = false;
    return (a) => (a.id !== NEW_ACCOUNT ? a.id : (refs.get(a) ?? a.id));
  }

  private async select(keys: readonly AccountKey[]): Promise<void> {
    for (let i = 0; i < keys.length; i += READ_CHUNK) {
      const part = keys.slice(i, i + READ_CHUNK);
      const users = [...new Set(part.map((k) => k.userId))];
      const names = [...new Set(part.map((k) => k.name))];
      const currencies = [...new Set(part.map((k) => k.currencyId))];
      // A superset of the keys (every combination); cheap, and on PostgreSQL locked in id order like LedgerService.
      let query = this.options.reader.selectFrom('ledger_accounts').selectAll()
        .where('user_id', 'in', users).where('name', 'in', names).where('currency_id', 'in', currencies).orderBy('id');
      if (this.ctx.dialect === 'postgres') query = query.forUpdate();
      for (const row of await query.execute()) {
        const key = { userId: row.user_id, name: row.name, currencyId: row.currency_id };
        const text = accountKeyText(key);
        if (!this.accounts.has(text)) {
          const read = { available: BigInt(row.available_minor), frozen: BigInt(row.frozen_minor) };
          this.accounts.set(text, { id: row.id, key, read, state: read, dirty: false });
        }
      }
    }
  }
}
