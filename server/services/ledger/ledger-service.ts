import type { Selectable } from 'kysely';
import type { LedgerAccountsTable } from '../../db/money-schema.ts';
import {
  accountKeyText, applyPostings, journalProblem, mayGoNegative, reversalOf,
  type AccountKey, type BalanceState, type Bucket, type JournalDraft, type PostingDraft,
} from '../../domain/ledger.ts';
import { success, type Outcome } from '../../domain/outcome.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';

type AccountRow = Selectable<LedgerAccountsTable>;

const keyOfRow = (row: AccountRow): AccountKey => ({ userId: row.user_id, name: row.name, currencyId: row.currency_id });

function rowFor(byKey: ReadonlyMap<string, AccountRow>, key: string): AccountRow {
  const row = byKey.get(key);
  if (!row) throw new Error(`no ledger account ${key}`);
  return row;
}

/**
 * Books journals: the only code that writes balances. Always called inside a write transaction,
 * once per transaction, together with the business rows it explains. It
 *   1. creates missing accounts (in key order, so two creators cannot deadlock),
 *   2. locks every account the journal touches in one statement, in id order (PostgreSQL
 *      SELECT ... FOR UPDATE; SQLite holds the database write lock already),
 *   3. applies the postings in memory and refuses any user balance that would end below zero,
 *   4. appends the journal and its postings (with each bucket's balance after) and writes the
 *      new balances.
 */
export class LedgerService {
  constructor(private readonly ctx: ServiceContext) {}

  /** Books a balanced journal; WALLET.INSUFFICIENT_BALANCE (nothing written) when a balance would go negative. */
  async book(trx: Tx, draft: JournalDraft): Promise<Outcome<number>> {
    const problem = journalProblem(draft);
    if (problem) throw new Error(`refusing journal ${draft.kind}: ${problem}`);
    const now = iso(this.ctx.clock.now());
    const rows = await this.lockAccounts(trx, draft.postings.map((p) => p.account), now);
    const byKey = new Map(rows.map((row) => [accountKeyText(keyOfRow(row)), row]));
    const start = new Map<string, BalanceState>(
      rows.map((row) => [accountKeyText(keyOfRow(row)), { available: BigInt(row.available_minor), frozen: BigInt(row.frozen_minor) }]),
    );
    const applied = applyPostings(start, draft.postings);
    if (!applied.ok) return applied;

    const journal = await trx
      .insertInto('ledger_journals')
      .values({
        kind: draft.kind,
        user_id: draft.userId,
        ref_type: draft.refType,
        ref_id: draft.refId,
        reverses_journal_id: draft.reversesJournalId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ledger_postings')
      .values(draft.postings.map((p, i) => ({
        journal_id: journal.id,
        account_id: rowFor(byKey, accountKeyText(p.account)).id,
        currency_id: p.account.currencyId,
        bucket: p.bucket,
        kind: p.kind,
        amount_minor: p.amountMinor.toString(),
        balance_after_minor: (applied.value.after[i] ?? 0n).toString(),
        created_at: now,
      })))
      .execute();
    for (const [key, state] of applied.value.balances) {
      await trx
        .updateTable('ledger_accounts')
        .set({ available_minor: state.available.toString(), frozen_minor: state.frozen.toString(), updated_at: now })
        .where('id', '=', rowFor(byKey, key).id)
        .execute();
    }
    return success(journal.id);
  }

  /** Books the exact negation of an earlier journal (a correction never edits the original). */
  async reverse(trx: Tx, journalId: number, meta: Omit<JournalDraft, 'postings' | 'reversesJournalId'>, postingKind: string): Promise<Outcome<number>> {
    const rows = await trx
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['a.user_id', 'a.name', 'a.currency_id', 'p.bucket', 'p.amount_minor', 'p.kind'])
      .where('p.journal_id', '=', journalId)
      .orderBy('p.id')
      .execute();
    if (rows.length === 0) throw new Error(`journal ${journalId} has no postings to reverse`);
    const original: PostingDraft[] = rows.map((r) => ({
      account: { userId: r.user_id, name: r.name, currencyId: r.currency_id },
      bucket: r.bucket as Bucket,
      amountMinor: BigInt(r.amount_minor),
      kind: r.kind,
    }));
    return this.book(trx, { ...meta, reversesJournalId: journalId, postings: reversalOf(original, postingKind) });
  }

  private async lockAccounts(trx: Tx, keys: readonly AccountKey[], now: string): Promise<AccountRow[]> {
    const unique = [...new Map(keys.map((k) => [accountKeyText(k), k])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, k]) => k);
    for (const key of unique) {
      await trx
        .insertInto('ledger_accounts')
        .values({
          user_id: key.userId,
          name: key.name,
          currency_id: key.currencyId,
          available_minor: '0',
          frozen_minor: '0',
          allow_negative: mayGoNegative(key) ? 1 : 0,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'name', 'currency_id']).doNothing())
        .execute();
    }
    let query = trx
      .selectFrom('ledger_accounts')
      .selectAll()
      .where((eb) => eb.or(unique.map((k) => eb.and([eb('user_id', '=', k.userId), eb('name', '=', k.name), eb('currency_id', '=', k.currencyId)]))))
      .orderBy('id');
    if (this.ctx.dialect === 'postgres') query = query.forUpdate();
    const rows = await query.execute();
    if (rows.length !== unique.length) throw new Error('ledger accounts missing after create');
    return rows;
  }
}
