import { sql } from 'kysely';
import type { IeoPhaseFilter, IeoProject, IeoProjectDetail } from '../../../contract/api/ieo.ts';
import type { Page } from '../../../contract/envelope.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import { iso, type ServiceContext } from '../../services/service-context.ts';
import { IEO_ACCOUNT, ieoDb } from './ieo-db.ts';
import { pricesOf, projectView, projectViews, subscriptionViews } from './ieo-views.ts';

/** The public reads of projects: the list by phase, one project with the reader's own figures. */
export class ProjectReads {
  constructor(private readonly ctx: ServiceContext) {}

  async list(phase: IeoPhaseFilter | null, paging: Paging): Promise<Outcome<Page<IeoProject>>> {
    const now = this.ctx.clock.now();
    const t = iso(now);
    let query = ieoDb(this.ctx.db).selectFrom('ieo_projects');
    if (phase === 'warmup') query = query.where('state', '=', 'open').where('start_at', '>', t);
    if (phase === 'in_progress') query = query.where('state', '=', 'open').where('start_at', '<=', t).where('end_at', '>', t);
    if (phase === 'ended') query = query.where((eb) => eb.or([eb('state', '!=', 'open'), eb('end_at', '<=', t)]));
    const total = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    // In progress first (ending soonest), then warm-up (starting soonest), then the ended (latest first).
    const rank = sql<number>`case when state = 'open' and start_at <= ${t} and end_at > ${t} then 0 when state = 'open' and start_at > ${t} then 1 else 2 end`;
    const soon = sql<string>`case when state = 'open' and start_at > ${t} then start_at when state = 'open' and end_at > ${t} then end_at else '' end`;
    const rows = await query.selectAll().orderBy(rank).orderBy(soon).orderBy('end_at', 'desc').orderBy('id', 'desc')
      .limit(paging.limit).offset(paging.offset).execute();
    const data = await projectViews(ieoDb(this.ctx.db), rows, now);
    return success({ data, page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) });
  }

  /** One project; with a user, their subscription and financial balances in its pay currencies. */
  async detail(id: number, userId: number | null): Promise<Outcome<IeoProjectDetail>> {
    const db = ieoDb(this.ctx.db);
    const now = this.ctx.clock.now();
    const row = await db.selectFrom('ieo_projects').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return failure('COMMON.NOT_FOUND', 'id');
    const prices = (await pricesOf(db, [id])).get(id) ?? [];
    const project = projectView(row, prices, now);
    if (userId === null) return success({ ...project, mine: null, balances: [] });
    const sub = await db.selectFrom('ieo_subscriptions').selectAll().where('project_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    const [mine] = sub ? await subscriptionViews(db, [sub], now) : [];
    const accounts = prices.length === 0 ? [] : await db.selectFrom('ledger_accounts').select(['currency_id', 'available_minor'])
      .where('user_id', '=', userId).where('name', '=', IEO_ACCOUNT).where('currency_id', 'in', prices.map((p) => p.currency_id)).execute();
    const balances = prices.map((p) => ({
      currency_id: p.currency_id, currency: p.currency,
      available: minorToDecimal(BigInt(accounts.find((a) => a.currency_id === p.currency_id)?.available_minor ?? '0'), p.decimals),
    }));
    return success({ ...project, mine: mine ?? null, balances });
  }
}
