import type { EarnAmount, EarnOrder, EarnOrderStatus, EarnPositions, EarnProductKind } from '../../../contract/api/invest.ts';
import type { Page } from '../../../contract/envelope.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import { earnDb, loadCoins } from './earn-products.ts';
import { coinOf, dualName, orderView, type CoinsById, type EarnOrderRow } from './earn-views.ts';

const HELD = ['purchased', 'settling', 'failed'] as const;

/** A user's earn orders; always read with the caller's uid, so another user's order is not found. */
export class EarnOrders {
  constructor(private readonly ctx: ServiceContext) {}

  private async views(rows: EarnOrderRow[], coins: CoinsById): Promise<EarnOrder[]> {
    const ids = [...new Set(rows.filter((r) => r.product === 'invest').map((r) => r.product_id))];
    const names = ids.length ? await earnDb(this.ctx.db).selectFrom('invest_products').select(['id', 'name']).where('id', 'in', ids).execute() : [];
    return rows.map((row) => {
      const view = orderView(row, coins, names.find((n) => n.id === row.product_id)?.name ?? '');
      return row.product === 'dual' ? { ...view, name: dualName(view.coin, view.quote, view.direction, view.strike_price) } : view;
    });
  }

  async list(userId: number, product: EarnProductKind, status: EarnOrderStatus, paging: Paging): Promise<Outcome<Page<EarnOrder>>> {
    const query = earnDb(this.ctx.db).selectFrom('earn_orders').where('user_id', '=', userId).where('product', '=', product)
      .where('state', status === 'open' ? 'in' : 'not in', [...HELD]);
    const total = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const coins = await loadCoins(this.ctx.db);
    return success({ data: await this.views(rows, coins), page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) });
  }

  async get(userId: number, id: number): Promise<Outcome<EarnOrder>> {
    const row = await earnDb(this.ctx.db).selectFrom('earn_orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) return failure('COMMON.NOT_FOUND', 'id');
    const [view] = await this.views([row], await loadCoins(this.ctx.db));
    return view ? success(view) : failure('COMMON.NOT_FOUND', 'id');
  }

  /** Totals held and earned per currency (summed in minor units), and the next order to mature. */
  async positions(userId: number): Promise<Outcome<EarnPositions>> {
    const db = earnDb(this.ctx.db);
    const coins = await loadCoins(this.ctx.db);
    const held = await db.selectFrom('earn_orders').select(['principal_currency_id as currency', 'principal_minor as minor'])
      .where('user_id', '=', userId).where('state', 'in', [...HELD]).execute();
    const earned = await db.selectFrom('earn_orders').select(['payout_currency_id as currency', 'interest_minor as minor'])
      .where('user_id', '=', userId).where('state', '=', 'completed').execute();
    const next = await db.selectFrom('earn_orders').selectAll().where('user_id', '=', userId).where('state', 'in', [...HELD])
      .orderBy('fixing_at').orderBy('id').limit(1).executeTakeFirst();
    const [nextView] = next ? await this.views([next], coins) : [];
    return success({ held: totals(held, coins), earned: totals(earned, coins), open_orders: held.length, next: nextView ?? null });
  }
}

function totals(rows: readonly { currency: number | null; minor: string | null }[], coins: CoinsById): EarnAmount[] {
  const sums = new Map<number, bigint>();
  for (const r of rows) if (r.currency !== null && r.minor !== null) sums.set(r.currency, (sums.get(r.currency) ?? 0n) + BigInt(r.minor));
  return [...sums].map(([id, minor]) => {
    const coin = coinOf(coins, id);
    return { currency: coin.symbol, amount: minorToDecimal(minor, coin.decimals) };
  }).sort((a, b) => a.currency.localeCompare(b.currency));
}
