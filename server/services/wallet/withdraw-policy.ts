import type { WithdrawInfo } from '../../../contract/api/wallet.ts';
import { COIN_ACCOUNT } from '../../domain/journal-builders.ts';
import {
  BTC_EQUIVALENT_DECIMALS, WITHDRAW_MIN_LEVEL, WITHDRAW_WINDOW_MS, withdrawLimitLeft, type VerifyLevel,
} from '../../domain/limit-rules.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, verifyRequired, type Outcome } from '../../domain/outcome.ts';
import { convertMinor, priceTicks, type Priced } from '../../domain/reference-prices.ts';
import { pricedOf, type CurrencyRow, type CurrencyService, type NetworkRow } from '../currency-service.ts';
import type { IdentityService } from '../identity-service.ts';
import type { LedgerReader } from '../ledger/ledger-reader.ts';
import type { SecuritySettingsService } from '../security-settings-service.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';

export interface WithdrawForm {
  currencyId: number;
  networkId: number;
  /** Typed address, or the id of an address-book entry. */
  address: string | undefined;
  addressId: number | undefined;
  amountMinor: bigint;
  payPassword: string;
}

export interface CheckedWithdrawal {
  currency: CurrencyRow;
  network: NetworkRow;
  address: string;
  fee: bigint;
  level: VerifyLevel;
}

/** Longer than any chain's address format; longer input is not worth a regex run. */
const ADDRESS_MAX = 200;
const BTC: Priced = { decimals: BTC_EQUIVALENT_DECIMALS, priceTicks: priceTicks('BTC') ?? 0n };

/** The rules a withdrawal must pass before anything is frozen, and what the withdraw screen shows of them. */
export class WithdrawPolicy {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly currencies: CurrencyService,
    private readonly identity: IdentityService,
    private readonly security: SecuritySettingsService,
    private readonly reader: LedgerReader,
  ) {}

  async check(userId: number, form: WithdrawForm): Promise<Outcome<CheckedWithdrawal>> {
    const currency = await this.currencies.usable(form.currencyId);
    if (!currency.ok) return currency;
    const network = await this.currencies.usableNetwork(currency.value.id, form.networkId);
    if (!network.ok) return network;
    const level = await this.identity.level(userId);
    if (level < WITHDRAW_MIN_LEVEL) return verifyRequired();
    const address = await this.address(userId, network.value, form);
    if (!address.ok) return address;
    if (form.amountMinor < BigInt(network.value.min_withdraw_minor)) return failure('WALLET.BELOW_MIN_WITHDRAW', 'amount');
    return success({ currency: currency.value, network: network.value, address: address.value, fee: BigInt(network.value.withdraw_fee_minor), level });
  }

  verifyPayPassword(userId: number, password: string): Promise<Outcome<void>> {
    return this.security.verifyPayPassword(userId, password);
  }

  /** A typed address checked against the network's format, or an address-book entry of this user on this network. */
  private async address(userId: number, network: NetworkRow, form: WithdrawForm): Promise<Outcome<string>> {
    if (form.addressId !== undefined && form.address !== undefined) return failure('COMMON.PARAM_INVALID', 'address_id');
    if (form.addressId !== undefined) {
      const saved = await this.ctx.db.selectFrom('address_book').select('address')
        .where('id', '=', form.addressId).where('user_id', '=', userId).where('network_id', '=', network.id).executeTakeFirst();
      return saved ? success(saved.address) : failure('COMMON.NOT_FOUND', 'address_id');
    }
    if (form.address === undefined) return failure('VALID.REQUIRED', 'address');
    const address = form.address.trim();
    return address.length <= ADDRESS_MAX && new RegExp(network.address_regex).test(address) ? success(address) : failure('WALLET.ADDRESS_INVALID', 'address');
  }

  btcEquivalent(amountMinor: bigint, currency: CurrencyRow): bigint {
    return convertMinor(amountMinor, pricedOf(currency), BTC, true);
  }

  /** BTC equivalent of what the user asked to withdraw in the trailing 24 h (rejected ones do not count). */
  async usedBtcMinor(userId: number, now: Date, db: Tx = this.ctx.db): Promise<bigint> {
    const rows = await db.selectFrom('withdrawals').select(['currency_id', 'amount_minor'])
      .where('user_id', '=', userId).where('state', '!=', 'rejected')
      .where('created_at', '>', iso(new Date(now.getTime() - WITHDRAW_WINDOW_MS))).execute();
    const currencies = await this.currencies.byId(db);
    return rows.reduce((sum, r) => {
      const currency = currencies.get(r.currency_id);
      return currency ? sum + this.btcEquivalent(BigInt(r.amount_minor), currency) : sum;
    }, 0n);
  }

  async info(userId: number, currencyId: number): Promise<Outcome<WithdrawInfo>> {
    const currency = await this.currencies.usable(currencyId);
    if (!currency.ok) return currency;
    const { decimals } = currency.value;
    const networks = await this.currencies.networksOf(currencyId);
    const balance = await this.reader.balance(userId, COIN_ACCOUNT, currencyId);
    const level = await this.identity.level(userId);
    const used = await this.usedBtcMinor(userId, this.ctx.clock.now());
    const user = await this.ctx.db.selectFrom('users').select('pay_password_hash').where('id', '=', userId).executeTakeFirst();
    return success({
      currency_id: currencyId,
      currency: currency.value.symbol,
      decimals,
      available: minorToDecimal(balance.available, decimals),
      networks: networks.map((n) => ({
        id: n.id,
        name: n.network,
        fee: minorToDecimal(BigInt(n.withdraw_fee_minor), decimals),
        min: minorToDecimal(BigInt(n.min_withdraw_minor), decimals),
        address_pattern: n.address_regex,
      })),
      limit_left_btc: minorToDecimal(withdrawLimitLeft(level, used), BTC_EQUIVALENT_DECIMALS),
      has_pay_password: Boolean(user?.pay_password_hash),
    });
  }
}
