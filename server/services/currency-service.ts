import type { Coin } from '../../contract/api/content.ts';
import { minorToDecimal } from '../domain/minor-units.ts';
import type { ServiceContext } from './service-context.ts';

/** The currencies the platform lists, each with the networks it moves on. */
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
}
