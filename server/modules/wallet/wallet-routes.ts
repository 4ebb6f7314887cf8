import type { FastifyInstance } from 'fastify';
import * as wallet from '../../../contract/endpoints/wallet.ts';
import { COIN_ACCOUNT } from '../../domain/journal-builders.ts';
import { success } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { Services } from '../../services/create-services.ts';
import type { BillFilter } from '../../services/ledger/ledger-reader.ts';
import type { Endpoint, FieldDecls } from '../../../contract/endpoint.ts';
import type { WalletServices } from './wallet-services.ts';
import { endpointsOn, signedIn } from '../../http/define-route.ts';
import { currencyField, fundAccountField, idField, optionalIdField, pagingField } from '../../http/money-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type WalletRoutesServices = Pick<Services, 'currencies' | 'fiatRates' | 'sessions'> & Pick<WalletServices, 'deposits' | 'transfers' | 'wallet' | 'withdrawPolicy' | 'withdrawals'>;

/** The wallet's reads (section 7 "Wallet"): rates, balances, addresses, bills and histories. */
export function registerWalletRoutes(app: FastifyInstance, services: WalletRoutesServices): void {
  const serve = endpointsOn(app, services);

  serve(wallet.fiatRates, async () => success(await services.fiatRates.rates()));

  serve(wallet.walletList, async (call) => success(await services.wallet.overview(signedIn(call))));

  serve(wallet.walletDetail, async (call) => {
    const currency = await currencyField(call, services);
    if (!currency.ok) return currency;
    const account = fundAccountField(call, 'account', COIN_ACCOUNT);
    if (!account.ok) return account;
    return success(await services.wallet.detail(signedIn(call), currency.value, account.value));
  });

  serve(wallet.withdrawInfo, async (call) => {
    const id = idField(call, 'currency_id');
    return id.ok ? services.withdrawPolicy.info(signedIn(call), id.value) : id;
  });

  serve(wallet.depositAddress, async (call) => {
    const currency = idField(call, 'currency_id');
    if (!currency.ok) return currency;
    const network = idField(call, 'network_id');
    if (!network.ok) return network;
    return services.wallet.depositAddress(signedIn(call), currency.value, network.value);
  });

  serve(wallet.bills, async (call) => {
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

  const paged = <T>(endpoint: Endpoint<FieldDecls, T>, load: (userId: number, paging: Paging) => Promise<T>) =>
    serve(endpoint, async (call) => {
      const paging = pagingField(call);
      return paging.ok ? success(await load(signedIn(call), paging.value)) : paging;
    });
  paged(wallet.deposits, (userId, paging) => services.deposits.list(userId, paging));
  paged(wallet.withdrawals, (userId, paging) => services.withdrawals.list(userId, paging));
  paged(wallet.accountTransfers, (userId, paging) => services.transfers.accountTransfers(userId, paging));
  paged(wallet.userTransfers, (userId, paging) => services.transfers.userTransfers(userId, paging));

  serve(wallet.userCurrencies, async (call) => {
    const account = fundAccountField(call, 'account', COIN_ACCOUNT);
    return account.ok ? success(await services.wallet.userCurrencies(signedIn(call), account.value)) : account;
  });
}
