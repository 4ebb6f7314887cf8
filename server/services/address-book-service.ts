import type { SavedAddress } from '../../contract/api/wallet.ts';
import type { Page } from '../../contract/envelope.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import type { Paging } from '../domain/paging.ts';
import type { CurrencyService } from './currency-service.ts';
import type { IdempotencyService, IdempotentCall } from './ledger/idempotency-service.ts';
import { iso, type ServiceContext } from './service-context.ts';

export interface NewAddress {
  currencyId: number;
  networkId: number;
  name: string;
  address: string;
}

/** Enough for anyone's exchanges and wallets, small enough that a list is never a burden. */
export const ADDRESS_BOOK_MAX = 100;
const NAME_MAX = 30;

/** The withdrawal address book: each entry is checked against its network's address format. */
export class AddressBookService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly currencies: CurrencyService,
    private readonly idempotency: IdempotencyService,
  ) {}

  async save(call: IdempotentCall, entry: NewAddress): Promise<Outcome<SavedAddress>> {
    const replay = await this.idempotency.replay<SavedAddress>(call);
    if (replay) return replay;
    const currency = await this.currencies.usable(entry.currencyId);
    if (!currency.ok) return currency;
    const network = await this.currencies.usableNetwork(entry.currencyId, entry.networkId);
    if (!network.ok) return network;
    const name = entry.name.trim().replace(/\s+/g, ' ');
    if (!name) return failure('VALID.REQUIRED', 'name');
    if ([...name].length > NAME_MAX) return failure('VALID.TEXT_TOO_LONG', 'name');
    const address = entry.address.trim();
    if (!new RegExp(network.value.address_regex).test(address)) return failure('WALLET.ADDRESS_INVALID', 'address');
    return this.idempotency.run(call, async (trx) => {
      const count = await trx.selectFrom('address_book').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', call.userId).executeTakeFirst();
      if (Number(count?.n ?? 0) >= ADDRESS_BOOK_MAX) return failure('WALLET.ADDRESS_BOOK_FULL');
      const row = await trx.insertInto('address_book').values({
        user_id: call.userId, currency_id: currency.value.id, network_id: network.value.id, name, address, created_at: iso(this.ctx.clock.now()),
      }).returningAll().executeTakeFirstOrThrow();
      return success({
        id: row.id, currency_id: row.currency_id, currency: currency.value.symbol, network_id: row.network_id,
        network: network.value.network, name: row.name, address: row.address, created_at: row.created_at,
      });
    });
  }

  async list(userId: number, paging: Paging): Promise<Page<SavedAddress>> {
    const base = this.ctx.db.selectFrom('address_book').where('user_id', '=', userId);
    const rows = await base.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const currencies = await this.currencies.byId();
    const networks = await this.currencies.networksById();
    return {
      page: paging.page, limit: paging.limit, total: Number(counted?.n ?? 0),
      data: rows.map((r) => ({
        id: r.id, currency_id: r.currency_id, currency: currencies.get(r.currency_id)?.symbol ?? '', network_id: r.network_id,
        network: networks.get(r.network_id)?.network ?? '', name: r.name, address: r.address, created_at: r.created_at,
      })),
    };
  }

  /** Only the owner's own entry; someone else's id answers not found, as a missing one does. */
  async remove(call: IdempotentCall, id: number): Promise<Outcome<string>> {
    const replay = await this.idempotency.replay<string>(call);
    if (replay) return replay;
    return this.idempotency.run(call, async (trx) => {
      const deleted = await trx.deleteFrom('address_book').where('id', '=', id).where('user_id', '=', call.userId).executeTakeFirst();
      return deleted.numDeletedRows > 0n ? success('ok') : failure('COMMON.NOT_FOUND', 'id');
    });
  }
}
