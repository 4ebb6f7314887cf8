import type { FastifyInstance } from 'fastify';
import * as wallet from '../../../contract/endpoints/wallet.ts';
import type { BankCard, InternationalBankCard } from '../../../contract/api/wallet.ts';
import { normaliseEmail } from '../../domain/account-target.ts';
import { checkBankCard, checkInternationalCard } from '../../domain/bank-card-rules.ts';
import { failure, success } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import type { WalletServices } from './wallet-services.ts';
import { endpointsOn, signedIn } from '../../http/define-route.ts';
import { idField, idempotentCall, pagingField } from '../../http/money-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type SettingsRoutesServices = Pick<Services, 'security' | 'sessions'> & Pick<WalletServices, 'addressBook' | 'bankCards'>;

const NAME_FIELD_MAX = 200;

/** Payment password, email binding, bank cards and the withdrawal address book. */
export function registerSettingsRoutes(app: FastifyInstance, services: SettingsRoutesServices): void {
  const serve = endpointsOn(app, services);

  serve(wallet.setPayPassword, async (call) => {
    const { password, re_password, code } = call.fields;
    const idem = idempotentCall(call, 'safe/pay_password', false);
    if (!idem.ok) return idem;
    return services.security.setPayPassword(idem.value, password, re_password, code);
  });

  serve(wallet.bindEmail, async (call) => {
    const email = normaliseEmail(call.fields.email);
    if (!email) return failure('VALID.EMAIL', 'email');
    const idem = idempotentCall(call, 'safe/email', false);
    return idem.ok ? services.security.bindEmail(idem.value, email, call.fields.code) : idem;
  });

  serve(wallet.saveBankCard, async (call) => {
    const card = checkBankCard(call.input);
    if (!card.ok) return card;
    const idem = idempotentCall(call, 'user/cash_save', false);
    return idem.ok ? services.bankCards.save(idem.value, 'domestic', card.value) : idem;
  });

  serve(wallet.saveInternationalCard, async (call) => {
    const card = checkInternationalCard(call.input);
    if (!card.ok) return card;
    const idem = idempotentCall(call, 'user/cash_save_international', false);
    return idem.ok ? services.bankCards.save(idem.value, 'international', card.value) : idem;
  });

  serve(wallet.bankCard, async (call) => success(await services.bankCards.get<BankCard>(signedIn(call), 'domestic')));
  serve(wallet.internationalCard, async (call) => success(await services.bankCards.get<InternationalBankCard>(signedIn(call), 'international')));

  serve(wallet.saveAddress, async (call) => {
    const currency = idField(call, 'currency_id');
    if (!currency.ok) return currency;
    const network = idField(call, 'network_id');
    if (!network.ok) return network;
    const { name, address } = call.input;
    if (name === undefined) return failure('VALID.REQUIRED', 'name');
    if (name.length > NAME_FIELD_MAX) return failure('VALID.TEXT_TOO_LONG', 'name');
    if (address === undefined) return failure('VALID.REQUIRED', 'address');
    if (address.length > NAME_FIELD_MAX) return failure('WALLET.ADDRESS_INVALID', 'address');
    const idem = idempotentCall(call, 'user/wallet/save', false);
    if (!idem.ok) return idem;
    return services.addressBook.save(idem.value, { currencyId: currency.value, networkId: network.value, name, address });
  });

  serve(wallet.addresses, async (call) => {
    const paging = pagingField(call);
    return paging.ok ? success(await services.addressBook.list(signedIn(call), paging.value)) : paging;
  });

  // /user/wallet/del in the issue, /user/wallet/delete in the app: the same action.
  for (const endpoint of [wallet.deleteAddressSpec, wallet.deleteAddress]) {
    serve(endpoint, async (call) => {
      const id = idField(call, 'id');
      if (!id.ok) return id;
      const idem = idempotentCall(call, 'user/wallet/del', false);
      return idem.ok ? services.addressBook.remove(idem.value, id.value) : idem;
    });
  }
}
