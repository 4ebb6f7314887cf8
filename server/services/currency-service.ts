import type { Selectable } from 'kysely';
import type { Coin } from '../../contract/api/content.ts';
import type { CurrenciesTable, CurrencyNetworksTable } from '../db/schema.ts';
import { minorToDecimal } from '../domain/minor-units.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import { priceTicks, type Priced } from '../domain/reference-prices.ts';
import type { ServiceContext } from './service-context.ts';
import type { Tx } from './write-transaction.ts';

export type CurrencyRow = Selectable<CurrenciesTable>;
export type NetworkRow = Selectable<CurrencyNetworksTable>;

/** A currency with its reference price, for valuations and exchanges (0 ticks when it has none). */
export const pricedOf = (currency: CurrencyRow): Priced => ({ decimals: currency.decimals, priceTicks: priceTicks(currency.symbol) ?? 0n });

/** The currencies the platform lists, each with the networks it moves on. Read from the database on every call. */
export class CurrencyService {
  constructor(private readonly ctx: ServiceContext) {}

  async list(): Promise<Coin[]> {
    const currencies = await this.ctx.db.selectFrom('currencies').selectAll().orderBy('sort').orderBy('id').execute();
    const networks = await this.ctx.db.selectFrom('currency_networks').selectAll().orderBy('sort').orderBy('id').execute();
    return currencies.map((currency) => {
      const own = networks.filter((n) => n.currency_id === currency.id);
      const type = currency.type === 'token' ? 'token' : currency.type === 'fiat' ? 'fiat' : 'coin';
      return {
        id: currency.id,
        name: currency.symbol,
        full_name: currency.name,
        subName: type === 'token' ? own.map((n) => n.network).join('/') : '',
        networks: own.map((n) => ({
          id: n.id,
          name: n.network,
          confirmations: n.confirmations,
          withdraw_fee: minorToDecimal(BigInt(n.withdraw_fee_minor), currency.decimals),
          min_withdraw: minorToDecimal(BigInt(n.min_withdraw_minor), currency.decimals),
        })),
        type,
        status: currency.status === 1 ? 1 : 0,
        image: currency.image,
        decimals: currency.decimals,
      };
    });
  }

  /** Listed (status 1) currencies in display order. */
  active(db: Tx = this.ctx.db): Promise<CurrencyRow[]> {
    return db.selectFrom('currencies').selectAll().where('status', '=', 1).orderBy('sort').orderBy('id').execute();
  }

  /** Every currency by id, listed or not (for history views of delisted coins). */
  async byId(db: Tx = this.ctx.db): Promise<Map<number, CurrencyRow>> {
    const rows = await db.selectFrom('currencies').selectAll().execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  async networksById(db: Tx = this.ctx.db): Promise<Map<number, NetworkRow>> {
    const rows = await db.selectFrom('currency_networks').selectAll().execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  networksOf(currencyId: number, db: Tx = this.ctx.db): Promise<NetworkRow[]> {
    return db.selectFrom('currency_networks').selectAll().where('currency_id', '=', currencyId).orderBy('sort').orderBy('id').execute();
  }

  /** A listed currency by id or symbol; WALLET.CURRENCY_UNAVAILABLE otherwise. */
  async usable(idOrSymbol: number | string, field = 'currency_id', db: Tx = this.ctx.db): Promise<Outcome<CurrencyRow>> {
    const query = db.selectFrom('currencies').selectAll();
    const row = typeof idOrSymbol === 'number'
      ? await query.where('id', '=', idOrSymbol).executeTakeFirst()
      : await query.where('symbol', '=', idOrSymbol.trim().toUpperCase()).executeTakeFirst();
    return row && row.status === 1 ? success(row) : failure('WALLET.CURRENCY_UNAVAILABLE', field);
  }

  /** A network of that currency; WALLET.NETWORK_UNAVAILABLE otherwise. */
  async usableNetwork(currencyId: number, networkId: number, db: Tx = this.ctx.db): Promise<Outcome<NetworkRow>> {
    const row = await db.selectFrom('currency_networks').selectAll().where('id', '=', networkId).executeTakeFirst();
    return row && row.currency_id === currencyId ? success(row) : failure('WALLET.NETWORK_UNAVAILABLE', 'network_id');
  }
}
