import type { OrderListStatus, SpotOrder } from '../../../contract/api/market.ts';
import type { Page } from '../../../contract/envelope.ts';
import type { Paging } from '../../domain/paging.ts';
import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { ServiceContext } from '../service-context.ts';
import type { MarketService } from './market-service.ts';
import { CLOSED_STATES, OPEN_STATES, recordOf, spotOrderView } from './spot-order-state.ts';

/** A user's orders, read from the database (the truth); never another user's. */
export class SpotOrderQueryService {
  constructor(private readonly ctx: ServiceContext, private readonly markets: MarketService) {}

  /** Open (open, partial) or history (filled, cancelled) orders, newest first. */
  async list(userId: number, status: OrderListStatus, pair: SpotSymbolRules | undefined, paging: Paging): Promise<Page<SpotOrder>> {
    await this.markets.ready();
    let base = this.ctx.db.selectFrom('spot_orders').where('user_id', '=', userId).where('state', 'in', [...(status === 'open' ? OPEN_STATES : CLOSED_STATES)]);
    if (pair) base = base.where('symbol_id', '=', pair.id);
    const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await base.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const data: SpotOrder[] = [];
    for (const row of rows) {
      const rules = this.markets.catalog.known(Number(row.symbol_id));
      if (rules) data.push(spotOrderView(rules, recordOf(row)));
    }
    return { data, page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) };
  }

  /** One of the user's orders, or null (also for another user's). */
  async get(userId: number, orderId: number): Promise<SpotOrder | null> {
    await this.markets.ready();
    const row = await this.ctx.db.selectFrom('spot_orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
    const rules = row ? this.markets.catalog.known(Number(row.symbol_id)) : undefined;
    return row && rules ? spotOrderView(rules, recordOf(row)) : null;
  }
}
