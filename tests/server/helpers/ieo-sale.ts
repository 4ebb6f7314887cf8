import { userAccount, systemAccount } from '../../../server/domain/ledger.ts';
import { DirectBatchSql } from '../../../server/services/batch-sql.ts';
import { insertRows } from '../../../server/services/bulk-sql.ts';
import { LedgerBatch } from '../../../server/services/ledger/ledger-batch.ts';
import { iso, type ServiceContext } from '../../../server/services/service-context.ts';
import { writeTransaction } from '../../../server/services/write-transaction.ts';
import { IEO_ACCOUNT, IEO_KINDS, ieoDb } from '../../../server/modules/ieo/ieo-db.ts';
import { costOf } from '../../../server/modules/ieo/rules.ts';

/** Rows per transaction while filling a big sale. */
const CHUNK = 2000;

export interface BulkSale {
  projectId: number;
  /** Subscribers to make, each with one order. */
  count: number;
  /** Tokens (minor units) subscriber i (from 0) subscribes. */
  tokensOf(i: number): bigint;
  /** What each is funded with in the financial account, pay currency minor units (at least the cost). */
  fundMinor: bigint;
  /** A tag for the users' emails and invite codes, unique per database. */
  tag: string;
}

export interface BulkSubscriber {
  userId: number;
  tokens: bigint;
  cost: bigint;
}

/**
 * A sale with many subscribers, made in bulk for the crash test and the allocation bench: users
 * (inserted directly, no password work), each funded in the financial account by a deposit journal
 * from custody, and each subscribed once with what SubscribeService writes for an order (the
 * subscription row, the order row, the ieo_subscribe freeze journal, the project's totals). The
 * allocation these tests measure is the real one; only the filling skips the HTTP path.
 */
export async function fillSale(ctx: ServiceContext, sale: BulkSale): Promise<BulkSubscriber[]> {
  const db = ieoDb(ctx.db);
  const project = await db.selectFrom('ieo_projects').selectAll().where('id', '=', sale.projectId).executeTakeFirstOrThrow();
  const price = await db.selectFrom('ieo_prices').selectAll().where('project_id', '=', sale.projectId).orderBy('id').executeTakeFirstOrThrow();
  const priceMinor = BigInt(price.price_minor);
  const out: BulkSubscriber[] = [];
  const start = Date.parse(project.start_at);
  let subscribed = BigInt(project.subscribed_minor);
  for (let from = 0; from < sale.count; from += CHUNK) {
    const size = Math.min(CHUNK, sale.count - from);
    await writeTransaction(ctx, async (trx) => {
      const now = iso(ctx.clock.now());
      const userIds = (await insertRows(trx, ctx.dialect, 'users',
        ['email', 'password_hash', 'nickname', 'signature', 'avatar', 'extension_code', 'real_state', 'created_at', 'updated_at'],
        Array.from({ length: size }, (_, k) => [`${sale.tag}-${from + k}@bulk.example`, 'bulk-no-login', `b${from + k}`, '', '', `${sale.tag}${from + k}`, 0, now, now]), true))
        .sort((a, b) => a - b);
      const rows = userIds.map((userId, k) => {
        const tokens = sale.tokensOf(from + k);
        return { userId, tokens, cost: costOf(tokens, priceMinor, project.decimals), firstAt: iso(new Date(start + from + k)) };
      });
      const subIds = (await insertRows(trx, ctx.dialect, 'ieo_subscriptions',
        ['project_id', 'user_id', 'pay_currency_id', 'price_minor', 'requested_minor', 'committed_minor', 'orders', 'state', 'first_at', 'last_at'],
        rows.map((r) => [project.id, r.userId, price.currency_id, price.price_minor, r.tokens.toString(), r.cost.toString(), 1, 'pending', r.firstAt, r.firstAt]), true))
        .sort((a, b) => a - b);
      const orderIds = (await insertRows(trx, ctx.dialect, 'ieo_orders', ['subscription_id', 'project_id', 'user_id', 'amount_minor', 'cost_minor', 'created_at'],
        rows.map((r, k) => [subIds[k], project.id, r.userId, r.tokens.toString(), r.cost.toString(), r.firstAt]), true)).sort((a, b) => a - b);
      const ledger = new LedgerBatch(ctx, { reader: trx, sql: new DirectBatchSql(trx, ctx.dialect), now, guarded: false });
      await ledger.load([...rows.map((r) => userAccount(r.userId, IEO_ACCOUNT, price.currency_id)), systemAccount('custody', price.currency_id)]);
      rows.forEach((r, k) => {
        const own = userAccount(r.userId, IEO_ACCOUNT, price.currency_id);
        const funded = ledger.add({ kind: 'deposit', userId: 0, refType: 'bulk', refId: r.userId, reversesJournalId: null, postings: [
          { account: own, bucket: 'available', amountMinor: sale.fundMinor, kind: 'deposit' },
          { account: systemAccount('custody', price.currency_id), bucket: 'available', amountMinor: -sale.fundMinor, kind: 'deposit' },
        ] });
        const frozen = ledger.add({ kind: IEO_KINDS.subscribe, userId: r.userId, refType: 'ieo_order', refId: orderIds[k] ?? null, reversesJournalId: null, postings: [
          { account: own, bucket: 'available', amountMinor: -r.cost, kind: IEO_KINDS.subscribe },
          { account: own, bucket: 'frozen', amountMinor: r.cost, kind: IEO_KINDS.subscribe },
        ] });
        if (!funded.ok || !frozen.ok) throw new Error(`bulk subscriber ${r.userId}: ${funded.ok ? '' : funded.code} ${frozen.ok ? '' : frozen.code}`);
      });
      await ledger.flush();
      for (const r of rows) subscribed += r.tokens;
      await ieoDb(trx).updateTable('ieo_projects').set({ subscribed_minor: subscribed.toString(), subscribers: from + size }).where('id', '=', project.id).execute();
      out.push(...rows.map(({ userId, tokens, cost }) => ({ userId, tokens, cost })));
    });
  }
  return out;
}
