import { FAVOURITES_MAX, type Quotation } from '../../../contract/api/market.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import type { MarketService } from './market-service.ts';
import type { QuotationService } from './quotation-service.ts';

/** A user's favourite pairs (section 7 /optional/*), at most FAVOURITES_MAX, oldest first. */
export class FavouritesService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly markets: MarketService,
    private readonly quotations: QuotationService,
  ) {}

  /** Adding a favourite twice is not an error. */
  async add(userId: number, pair: SpotSymbolRules): Promise<Outcome<'ok'>> {
    const exists = await this.ctx.db.selectFrom('market_favourites').select('symbol_id').where('user_id', '=', userId).where('symbol_id', '=', pair.id).executeTakeFirst();
    if (exists) return success('ok');
    const held = await this.ctx.db.selectFrom('market_favourites')
      .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.max('position').as('last')]).where('user_id', '=', userId).executeTakeFirst();
    if (Number(held?.n ?? 0) >= FAVOURITES_MAX) return failure('MARKET.FAVOURITES_FULL', 'symbol');
    await this.ctx.db.insertInto('market_favourites')
      .values({ user_id: userId, symbol_id: pair.id, position: Number(held?.last ?? 0) + 1, created_at: iso(this.ctx.clock.now()) })
      .onConflict((oc) => oc.columns(['user_id', 'symbol_id']).doNothing()).execute();
    return success('ok');
  }

  /** Removing a pair that is not a favourite is not an error. */
  async remove(userId: number, pair: SpotSymbolRules): Promise<'ok'> {
    await this.ctx.db.deleteFrom('market_favourites').where('user_id', '=', userId).where('symbol_id', '=', pair.id).execute();
    return 'ok';
  }

  async list(userId: number): Promise<Quotation[]> {
    await this.markets.ready();
    const rows = await this.ctx.db.selectFrom('market_favourites').select('symbol_id').where('user_id', '=', userId)
      .orderBy('position').orderBy('symbol_id').limit(FAVOURITES_MAX).execute();
    const pairs = rows.map((row) => this.markets.catalog.get(row.symbol_id)).filter((r): r is SpotSymbolRules => r !== undefined);
    return this.quotations.of(pairs);
  }
}
