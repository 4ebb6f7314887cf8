import type { IeoCase, IeoOrderResult, IeoPreview, IeoSubscription } from '../../../contract/api/ieo.ts';
import type { Page } from '../../../contract/envelope.ts';
import { parseAmount } from '../../domain/amount-input.ts';
import { userAccount } from '../../domain/ledger.ts';
import { decimalToMinor, minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { IdempotencyService, IdempotentCall } from '../../services/ledger/idempotency-service.ts';
import type { LedgerService } from '../../services/ledger/ledger-service.ts';
import { iso, type ServiceContext } from '../../services/service-context.ts';
import { allocationOf, allocationRule, type AllocationEntry } from './allocation.ts';
import { IEO_ACCOUNT, IEO_KINDS, ieoDb, type IeoDb, type ProjectRow } from './ieo-db.ts';
import { pricesOf, subscriptionView, subscriptionViews } from './ieo-views.ts';
import { costOf, limitProblem, settlementOf, windowProblem } from './rules.ts';

export interface SubscribeForm {
  projectId: number;
  /** Tokens, as sent. */
  amount: string;
  /** A symbol ("USDT") or a currency id ("3"). */
  payCurrency: string;
  /** The price the user saw, as sent. */
  price: string;
}

interface Pay {
  id: number;
  symbol: string;
  decimals: number;
  priceMinor: bigint;
}

interface Checked {
  project: ProjectRow;
  pay: Pay;
  amountMinor: bigint;
}

/**
 * Subscribing: the order's cost (tokens x price, rounded up) moves from the financial account's
 * available to frozen in one journal, in the transaction that adds the tokens to the user's
 * subscription and the project's total. The project row is read (and on PostgreSQL locked) first, so
 * orders on one project are serial and the sale window, pause and per-user maximum are checked against
 * what the transaction then writes; both writes are conditional on the value read.
 */
export class SubscribeService {
  private readonly snapshots = new Map<number, { total: string; entries: AllocationEntry[] }>();

  constructor(private readonly ctx: ServiceContext, private readonly ledger: LedgerService, private readonly idempotency: IdempotencyService) {}

  /** The project, its pay currency and the amount in token minor units; nothing about the user yet. */
  private async check(db: IeoDb, form: Omit<SubscribeForm, 'price'>): Promise<Outcome<Checked>> {
    const project = await db.selectFrom('ieo_projects').selectAll().where('id', '=', form.projectId).executeTakeFirst();
    if (!project) return failure('COMMON.NOT_FOUND', 'project_id');
    const prices = (await pricesOf(db, [project.id])).get(project.id) ?? [];
    const wanted = form.payCurrency.trim().toUpperCase();
    const price = prices.find((p) => p.currency === wanted || String(p.currency_id) === wanted);
    if (!price) return failure('IEO.PAY_CURRENCY_INVALID', 'pay_currency');
    const amount = parseAmount(form.amount, project.decimals, 'amount');
    if (!amount.ok) return amount;
    return success({ project, pay: { id: price.currency_id, symbol: price.currency, decimals: price.decimals, priceMinor: price.priceMinor }, amountMinor: amount.value });
  }

  async subscribe(call: IdempotentCall, form: SubscribeForm): Promise<Outcome<IeoOrderResult>> {
    const replay = await this.idempotency.replay<IeoOrderResult>(call);
    if (replay) return replay;
    const first = await this.check(ieoDb(this.ctx.db), form);
    if (!first.ok) return first;
    const seen = parseAmount(form.price, 30, 'price');
    if (!seen.ok) return seen;
    return this.idempotency.run(call, async (trx) => {
      const db = ieoDb(trx);
      const now = this.ctx.clock.now();
      // Read again inside the transaction: an operator may have paused or ended it meanwhile.
      const checked = await this.check(db, form);
      if (!checked.ok) return checked;
      const { pay, amountMinor } = checked.value;
      const project = await this.lockProject(db, form.projectId);
      const closed = windowProblem({ state: project.state, startAt: project.start_at, endAt: project.end_at, paused: project.paused === 1 }, now);
      if (closed) return failure(closed, 'project_id');
      // The price the user confirmed must still be the project's: a stale screen pays no other price.
      if (decimalToMinor(form.price.trim(), pay.decimals) !== pay.priceMinor) return failure('IEO.PRICE_CHANGED', 'price');
      const sub = await this.lockSubscription(db, project, call.userId, pay, now);
      if (sub.pay_currency_id !== pay.id) return failure('IEO.PAY_CURRENCY_MIXED', 'pay_currency');
      const earlier = BigInt(sub.requested_minor);
      const limit = limitProblem(amountMinor, earlier, { minMinor: BigInt(project.min_minor), maxMinor: BigInt(project.max_minor) });
      if (limit) return failure(limit, 'amount');
      const cost = costOf(amountMinor, pay.priceMinor, project.decimals);
      const requested = earlier + amountMinor;
      const committed = BigInt(sub.committed_minor) + cost;
      const subUpdate = await db.updateTable('ieo_subscriptions')
        .set({ requested_minor: requested.toString(), committed_minor: committed.toString(), orders: sub.orders + 1, last_at: iso(now) })
        .where('id', '=', sub.id).where('requested_minor', '=', sub.requested_minor).where('state', '=', 'pending').executeTakeFirst();
      if (Number(subUpdate.numUpdatedRows) !== 1) throw new Error(`subscription ${sub.id} changed under its lock`);
      const projectUpdate = await db.updateTable('ieo_projects')
        .set({ subscribed_minor: (BigInt(project.subscribed_minor) + amountMinor).toString(), subscribers: project.subscribers + (sub.orders === 0 ? 1 : 0), updated_at: iso(now) })
        .where('id', '=', project.id).where('subscribed_minor', '=', project.subscribed_minor).where('state', '=', 'open').where('paused', '=', 0)
        .executeTakeFirst();
      if (Number(projectUpdate.numUpdatedRows) !== 1) throw new Error(`project ${project.id} changed under its lock`);
      const order = await db.insertInto('ieo_orders').values({
        subscription_id: sub.id, project_id: project.id, user_id: call.userId, amount_minor: amountMinor.toString(), cost_minor: cost.toString(), created_at: iso(now),
      }).returning('id').executeTakeFirstOrThrow();
      const own = userAccount(call.userId, IEO_ACCOUNT, pay.id);
      const journal = await this.ledger.book(trx, {
        kind: IEO_KINDS.subscribe, userId: call.userId, refType: 'ieo_order', refId: order.id, reversesJournalId: null,
        postings: [
          { account: own, bucket: 'available', amountMinor: -cost, kind: IEO_KINDS.subscribe },
          { account: own, bucket: 'frozen', amountMinor: cost, kind: IEO_KINDS.subscribe },
        ],
      });
      if (!journal.ok) return { ...journal, field: 'amount' };
      const stored = await db.selectFrom('ieo_subscriptions').selectAll().where('id', '=', sub.id).executeTakeFirstOrThrow();
      const after = { ...project, subscribed_minor: (BigInt(project.subscribed_minor) + amountMinor).toString() };
      return success({
        order_id: order.id, amount: minorToDecimal(amountMinor, project.decimals), cost: minorToDecimal(cost, pay.decimals),
        subscription: subscriptionView(stored, after, pay, now),
      });
    });
  }

  /** Serialises orders on one project (PostgreSQL row lock; SQLite holds the write lock already). */
  private async lockProject(db: IeoDb, id: number): Promise<ProjectRow> {
    let query = db.selectFrom('ieo_projects').selectAll().where('id', '=', id);
    if (this.ctx.dialect === 'postgres') query = query.forUpdate();
    return query.executeTakeFirstOrThrow();
  }

  /** The user's subscription to the project, made empty when it is their first order (rolled back with a refused one). */
  private async lockSubscription(db: IeoDb, project: ProjectRow, userId: number, pay: Pay, now: Date) {
    await db.insertInto('ieo_subscriptions').values({
      project_id: project.id, user_id: userId, pay_currency_id: pay.id, price_minor: pay.priceMinor.toString(), requested_minor: '0', committed_minor: '0',
      orders: 0, state: 'pending', alloc_minor: null, paid_minor: null, refund_minor: null, first_at: iso(now), last_at: iso(now), settled_at: null,
    }).onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing()).execute();
    let query = db.selectFrom('ieo_subscriptions').selectAll().where('project_id', '=', project.id).where('user_id', '=', userId);
    if (this.ctx.dialect === 'postgres') query = query.forUpdate();
    return query.executeTakeFirstOrThrow();
  }

  /**
   * The confirm screen's figures for `amount` more tokens, computed by the allocation itself: the
   * best case is the rule over this user alone (their whole demand, up to the cap and the supply);
   * "if it ended now" is the rule over every subscription as it stands, this one added.
   */
  async preview(userId: number | null, form: Omit<SubscribeForm, 'price'>): Promise<Outcome<IeoPreview>> {
    const db = ieoDb(this.ctx.db);
    const checked = await this.check(db, form);
    if (!checked.ok) return checked;
    const { project, pay, amountMinor } = checked.value;
    const now = this.ctx.clock.now();
    const sub = userId === null ? undefined
      : await db.selectFrom('ieo_subscriptions').selectAll().where('project_id', '=', project.id).where('user_id', '=', userId).executeTakeFirst();
    if (sub && sub.pay_currency_id !== pay.id) return failure('IEO.PAY_CURRENCY_MIXED', 'pay_currency');
    const earlier = BigInt(sub?.requested_minor ?? '0');
    const limit = limitProblem(amountMinor, earlier, { minMinor: BigInt(project.min_minor), maxMinor: BigInt(project.max_minor) });
    if (limit) return failure(limit, 'amount');
    const cost = costOf(amountMinor, pay.priceMinor, project.decimals);
    const committed = BigInt(sub?.committed_minor ?? '0') + cost;
    const me: AllocationEntry = { userId: userId ?? 0, weight: earlier + amountMinor, firstAt: sub?.first_at ?? iso(now) };
    const others = (await this.entries(db, project)).filter((e) => e.userId !== me.userId);
    const supply = BigInt(project.supply_minor);
    const cap = BigInt(project.cap_minor);
    const caseOf = (entries: AllocationEntry[]): IeoCase => {
      const tokens = allocationOf(allocationRule(supply, cap, entries), me);
      const { paid, refund } = settlementOf(tokens, committed, pay.priceMinor, project.decimals);
      return { tokens: minorToDecimal(tokens, project.decimals), pay: minorToDecimal(paid, pay.decimals), refund: minorToDecimal(refund, pay.decimals) };
    };
    return success({
      project_id: project.id, pay_currency: pay.symbol,
      amount: minorToDecimal(amountMinor, project.decimals), cost: minorToDecimal(cost, pay.decimals),
      total_amount: minorToDecimal(me.weight, project.decimals), total_committed: minorToDecimal(committed, pay.decimals),
      subscribed_after: minorToDecimal(BigInt(project.subscribed_minor) + amountMinor, project.decimals),
      best: caseOf([me]),
      if_ended_now: caseOf([...others, me]),
    });
  }

  /**
   * Every pending subscription's weight, kept per project while its total is unchanged: every order
   * adds to the total, so a kept list is exactly the subscriptions behind the total read (a preview
   * is typed, not bought, and a big sale's list is 100,000 rows).
   */
  private async entries(db: IeoDb, project: ProjectRow): Promise<AllocationEntry[]> {
    const kept = this.snapshots.get(project.id);
    if (kept && kept.total === project.subscribed_minor) return kept.entries;
    const rows = await db.selectFrom('ieo_subscriptions').select(['user_id', 'requested_minor', 'first_at'])
      .where('project_id', '=', project.id).where('state', '=', 'pending').where('orders', '>', 0).execute();
    const entries = rows.map((r) => ({ userId: r.user_id, weight: BigInt(r.requested_minor), firstAt: r.first_at }));
    if (this.snapshots.size > 50) this.snapshots.clear();
    this.snapshots.set(project.id, { total: project.subscribed_minor, entries });
    return entries;
  }

  /** The user's subscriptions, newest first; `projectId` narrows to one. */
  async mine(userId: number, projectId: number | undefined, paging: Paging): Promise<Outcome<Page<IeoSubscription>>> {
    const db = ieoDb(this.ctx.db);
    let query = db.selectFrom('ieo_subscriptions').where('user_id', '=', userId).where('orders', '>', 0);
    if (projectId !== undefined) query = query.where('project_id', '=', projectId);
    const total = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    return success({ data: await subscriptionViews(db, rows, this.ctx.clock.now()), page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) });
  }
}
