import { systemAccount, userAccount, type JournalDraft } from '../../domain/ledger.ts';
import { DirectBatchSql } from '../../services/batch-sql.ts';
import { updateById } from '../../services/bulk-sql.ts';
import type { DueHandler, DueResult, DueSchedule, DueWork } from '../../services/due-work/due-work.ts';
import { LedgerBatch } from '../../services/ledger/ledger-batch.ts';
import { iso, type ServiceContext } from '../../services/service-context.ts';
import { writeTransaction, type Tx } from '../../services/write-transaction.ts';
import { allocationOf, allocationRule, ruleFromText, ruleToText } from './allocation.ts';
import { IEO_ACCOUNT, IEO_KINDS, ieoDb, type ProjectRow, type SubscriptionRow } from './ieo-db.ts';
import { settlementOf } from './rules.ts';

export const ALLOCATE_KIND = 'ieo.allocate';
export const SETTLE_KIND = 'ieo.settle';

/**
 * Subscriptions one settle item pays out. Its transaction holds the one SQLite connection (and the
 * write lock) meanwhile, and requests get it between the runner's batches: 250 took ~40 ms here,
 * so 64 keeps an item near the runner's 10 ms batch (1,000 kept requests waiting for seconds).
 */
export const SETTLE_BATCH = 64;
/** How soon a paused project's allocation looks again. */
const PAUSED_RETRY_MS = 60_000;

/** The item that allocates project `id` at its end. */
export const allocateDue = (id: number, endAt: string): DueSchedule => ({ kind: ALLOCATE_KIND, key: `project:${id}:allocate`, dueAt: new Date(endAt) });
const settleDue = (id: number, batch: number, at: Date): DueSchedule => ({ kind: SETTLE_KIND, key: `project:${id}:settle:${batch}`, dueAt: at, payload: { projectId: id, batch } });

/**
 * The allocation as due work, exactly once however often the runner passes or the server restarts:
 *  - `project:<id>:allocate` at the end time reads every subscription, fixes the allocation rule
 *    (allocation.ts) and flips the project open -> calculating with the rule, in one transaction;
 *  - `project:<id>:settle:<n>` then pays out up to SETTLE_BATCH pending subscriptions each: flips them
 *    pending -> settled (a write conditional on their state) and books, per subscription, the payment
 *    (frozen -> the house), the refund (frozen -> available) and the tokens (the token's house account,
 *    its issuance, -> the user's financial account), then schedules batch n+1 in the same transaction;
 *    the batch that finds none left flips the project to distributed.
 * A crash leaves the running item pending with nothing of it written, and the next run finds the same
 * rows pending. The rule is fixed before any batch, so every batch applies the same allocation.
 */
export class IeoAllocator {
  constructor(private readonly ctx: ServiceContext) {}

  readonly handlers: readonly DueHandler[] = [
    { kind: ALLOCATE_KIND, run: (trx, item, now) => this.allocate(trx, Number(item.key.split(':')[1]), now) },
    { kind: SETTLE_KIND, run: (trx, item, now) => this.settle(trx, item.payload as { projectId: number; batch: number }, now) },
  ];

  /** Schedules the allocation of every open project (a no-op for those already scheduled). */
  async start(dueWork: DueWork): Promise<void> {
    const open = await ieoDb(this.ctx.db).selectFrom('ieo_projects').select(['id', 'end_at']).where('state', '=', 'open').execute();
    if (open.length === 0) return;
    await writeTransaction(this.ctx, async (trx) => {
      for (const p of open) await dueWork.schedule(trx, allocateDue(p.id, p.end_at));
    });
  }

  private async allocate(trx: Tx, projectId: number, now: Date): Promise<DueResult> {
    const db = ieoDb(trx);
    const project = await db.selectFrom('ieo_projects').selectAll().where('id', '=', projectId).executeTakeFirst();
    if (!project || project.state !== 'open') return { done: true };
    // An end moved later (ops edit) runs at the new end.
    if (iso(now) < project.end_at) return { done: false, notYet: new Date(project.end_at) };
    if (project.paused === 1) return { done: false, notYet: new Date(now.getTime() + PAUSED_RETRY_MS) };
    const rows = await db.selectFrom('ieo_subscriptions').select(['user_id', 'requested_minor', 'first_at'])
      .where('project_id', '=', projectId).where('state', '=', 'pending').where('orders', '>', 0).execute();
    const entries = rows.map((r) => ({ userId: r.user_id, weight: BigInt(r.requested_minor), firstAt: r.first_at }));
    const rule = allocationRule(BigInt(project.supply_minor), BigInt(project.cap_minor), entries);
    let sold = 0n;
    for (const e of entries) sold += allocationOf(rule, e);
    const flipped = await db.updateTable('ieo_projects')
      .set({ state: 'calculating', rule: ruleToText(rule), sold_minor: sold.toString(), allocated_at: iso(now), updated_at: iso(now) })
      .where('id', '=', projectId).where('state', '=', 'open').executeTakeFirst();
    if (Number(flipped.numUpdatedRows) !== 1) return { done: true };
    return { done: true, next: [settleDue(projectId, 1, now)] };
  }

  private async settle(trx: Tx, { projectId, batch }: { projectId: number; batch: number }, now: Date): Promise<DueResult> {
    const db = ieoDb(trx);
    const project = await db.selectFrom('ieo_projects').selectAll().where('id', '=', projectId).executeTakeFirst();
    if (!project || project.state !== 'calculating' || project.rule === null) return { done: true };
    let query = db.selectFrom('ieo_subscriptions').selectAll().where('project_id', '=', projectId).where('state', '=', 'pending').orderBy('id').limit(SETTLE_BATCH);
    if (this.ctx.dialect === 'postgres') query = query.forUpdate();
    const rows = await query.execute();
    if (rows.length === 0) {
      await db.updateTable('ieo_projects').set({ state: 'distributed', distributed_at: iso(now), updated_at: iso(now) })
        .where('id', '=', projectId).where('state', '=', 'calculating').execute();
      return { done: true };
    }
    await this.payOut(trx, project, rows, now);
    return { done: true, next: [settleDue(projectId, batch + 1, now)] };
  }

  private async payOut(trx: Tx, project: ProjectRow, rows: readonly SubscriptionRow[], now: Date): Promise<void> {
    const db = ieoDb(trx);
    const rule = ruleFromText(project.rule ?? '');
    const at = iso(now);
    const flipped = await db.updateTable('ieo_subscriptions').set({ state: 'settled', settled_at: at })
      .where('id', 'in', rows.map((r) => r.id)).where('state', '=', 'pending').executeTakeFirst();
    if (Number(flipped.numUpdatedRows) !== rows.length) throw new Error(`project ${project.id}: ${rows.length} subscriptions read pending, ${flipped.numUpdatedRows} flipped`);
    const ledger = new LedgerBatch(this.ctx, { reader: trx, sql: new DirectBatchSql(trx, this.ctx.dialect), now: at, guarded: false });
    const token = project.currency_id;
    const amounts: { id: number; values: string[] }[] = [];
    const journals: JournalDraft[] = [];
    for (const r of rows) {
      const allocated = allocationOf(rule, { userId: r.user_id, weight: BigInt(r.requested_minor), firstAt: r.first_at });
      const committed = BigInt(r.committed_minor);
      const { paid, refund } = settlementOf(allocated, committed, BigInt(r.price_minor), project.decimals);
      amounts.push({ id: r.id, values: [allocated.toString(), paid.toString(), refund.toString()] });
      const own = (currencyId: number) => userAccount(r.user_id, IEO_ACCOUNT, currencyId);
      const journal = (kind: string, postings: JournalDraft['postings']): JournalDraft => ({ kind, userId: r.user_id, refType: 'ieo_subscription', refId: r.id, reversesJournalId: null, postings });
      if (paid > 0n) journals.push(journal(IEO_KINDS.payment, [
        { account: own(r.pay_currency_id), bucket: 'frozen', amountMinor: -paid, kind: IEO_KINDS.payment },
        { account: systemAccount('house', r.pay_currency_id), bucket: 'available', amountMinor: paid, kind: IEO_KINDS.payment },
      ]));
      if (refund > 0n) journals.push(journal(IEO_KINDS.refund, [
        { account: own(r.pay_currency_id), bucket: 'frozen', amountMinor: -refund, kind: IEO_KINDS.refund },
        { account: own(r.pay_currency_id), bucket: 'available', amountMinor: refund, kind: IEO_KINDS.refund },
      ]));
      if (allocated > 0n) journals.push(journal(IEO_KINDS.tokens, [
        { account: systemAccount('house', token), bucket: 'available', amountMinor: -allocated, kind: IEO_KINDS.tokens },
        { account: own(token), bucket: 'available', amountMinor: allocated, kind: IEO_KINDS.tokens },
      ]));
    }
    await ledger.load(journals.flatMap((j) => j.postings.map((p) => p.account)));
    for (const j of journals) {
      const added = ledger.add(j);
      if (!added.ok) throw new Error(`project ${project.id}: journal ${j.kind} of subscription ${j.refId} refused: ${added.code}`);
    }
    await ledger.flush();
    await updateById(trx, this.ctx.dialect, 'ieo_subscriptions', ['alloc_minor', 'paid_minor', 'refund_minor'], amounts);
  }
}
