import type { FastifyInstance } from 'fastify';
import { COIN_ACCOUNT } from '../../domain/journal-builders.ts';
import { success } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { Services } from '../../services/create-services.ts';
import type { BillFilter } from '../../services/ledger/ledger-reader.ts';
import { defineRoute, signedIn, type RouteSpec } from '../define-route.ts';
import { currencyField, fundAccountField, idField, optionalIdField, pagingField } from '../money-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type WalletRoutesServices = Pick<Services, 'currencies' | 'deposits' | 'fiatRates' | 'sessions' | 'transfers' | 'wallet' | 'withdrawPolicy' | 'withdrawals'>;

// Reads are harmless, so GET and POST both work: the spec names the method, clients vary.
const READ = ['GET', 'POST'] as const;

/** The wallet's reads (section 7 "Wallet"): rates, balances, addresses, bills and histories. */
export function registerWalletRoutes(app: FastifyInstance, services: WalletRoutesServices): void {
  const route = <T>(url: string, handler: RouteSpec<T>['handler']) => defineRoute<T>(app, services, { method: [...READ], url, auth: 'required', handler });

  defineRoute(app, services, { method: [...READ], url: '/api/wallet/getRateCurrency', handler: async () => success(await services.fiatRates.rates()) });

  route('/api/wallet/list', async (call) => success(await services.wallet.overview(signedIn(call))));

  route('/api/wallet/detail', async (call) => {
    const currency = await currencyField(call, services);
    if (!currency.ok) return currency;
    const account = fundAccountField(call, 'account', COIN_ACCOUNT);
    if (!account.ok) return account;
    return success(await services.wallet.detail(signedIn(call), currency.value, account.value));
  });

  route('/api/wallet/get_info', async (call) => {
    const id = idField(call, 'currency_id');
    return id.ok ? services.withdrawPolicy.info(signedIn(call), id.value) : id;
  });

  route('/api/wallet/get_in_address', async (call) => {
    const currency = idField(call, 'currency_id');
    if (!currency.ok) return currency;
    const network = idField(call, 'network_id');
    if (!network.ok) return network;
    return services.wallet.depositAddress(signedIn(call), currency.value, network.value);
  });

  route('/api/wallet/legal_log', async (call) => {
    const paging = pagingField(call);
    if (!paging.ok) return paging;
    const currencyId = optionalIdField(call, 'currency_id');
    if (!currencyId.ok) return currencyId;
    const filter: BillFilter = {};
    if (call.input.account !== undefined) {
      const account = fundAccountField(call, 'account');
      if (!account.ok) return account;
      filter.account = account.value;
    }
    if (currencyId.value !== undefined) filter.currencyId = currencyId.value;
    return success(await services.wallet.bills(signedIn(call), filter, paging.value));
  });

  const paged = <T>(url: string, load: (userId: number, paging: Paging) => Promise<T>) =>
    route(url, async (call) => {
      const paging = pagingField(call);
      return paging.ok ? success(await load(signedIn(call), paging.value)) : paging;
    });
  paged('/api/recharge/log', (userId, paging) => services.deposits.list(userId, paging));
  paged('/api/user/withdraw/list', (userId, paging) => services.withdrawals.list(userId, paging));
  paged('/api/wallet/hzhistory', (userId, paging) => services.transfers.accountTransfers(userId, paging));
  paged('/api/user/getTransferList', (userId, paging) => services.transfers.userTransfers(userId, paging));

  route('/api/currency/user_currency_list', async (call) => {
    const account = fundAccountField(call, 'account', COIN_ACCOUNT);
    return account.ok ? success(await services.wallet.userCurrencies(signedIn(call), account.value)) : account;
  });
}
