import {
  FUND_ACCOUNTS, type Balance, type BillEntry, type DepositAddress, type FundAccount, type FundAccountView,
  type UserCurrency, type WalletDetail, type WalletOverview,
} from '../../../contract/api/wallet.ts';
import type { Page } from '../../../contract/envelope.ts';
import { fundAccountTypeId } from '../../domain/fund-account-input.ts';
import type { BalanceState } from '../../domain/ledger.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { success, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import { convertMinor, PRICE_DECIMALS, type Priced } from '../../domain/reference-prices.ts';
import { pricedOf, type CurrencyRow, type CurrencyService } from '../currency-service.ts';
import type { BillFilter, LedgerReader } from '../ledger/ledger-reader.ts';
import type { DepositService } from './deposit-service.ts';
import { pricedLive, type LivePrice } from './house-price.ts';

const ZERO: BalanceState = { available: 0n, frozen: 0n };
const USDT_FALLBACK: Priced = { decimals: 6, priceTicks: 10n ** BigInt(PRICE_DECIMALS) };

/** What the wallet screens read: balances by fund account, one balance, deposit addresses, bills. */
export class WalletQueryService {
  constructor(
    private readonly reader: LedgerReader,
    private readonly currencies: CurrencyService,
    private readonly deposits: DepositService,
    private readonly livePrice: LivePrice = () => null,
  ) {}

  private async valuation(): Promise<Priced> {
    const usdt = await this.currencies.usable('USDT');
    return usdt.ok ? pricedOf(usdt.value) : USDT_FALLBACK;
  }

  private balanceView(currency: CurrencyRow, state: BalanceState, usdt: Priced): Balance & { convertedMinor: bigint } {
    const convertedMinor = convertMinor(state.available + state.frozen, pricedLive(currency, this.livePrice), usdt);
    return {
      currency_id: currency.id,
      currency: currency.symbol,
      image: currency.image,
      available: minorToDecimal(state.available, currency.decimals),
      frozen: minorToDecimal(state.frozen, currency.decimals),
      converted: minorToDecimal(convertedMinor, usdt.decimals),
      convertedMinor,
    };
  }

  /** Every fund account with a line per listed currency (zeros included); totals in USDT at the markets' prices (house-price.ts). */
  async overview(userId: number): Promise<WalletOverview> {
    const [currencies, balances, usdt] = await Promise.all([this.currencies.active(), this.reader.balancesOf(userId), this.valuation()]);
    const byKey = new Map(balances.map((b) => [`${b.name}:${b.currencyId}`, b]));
    let total = 0n;
    const accounts: FundAccountView[] = FUND_ACCOUNTS.map((account) => {
      let accountTotal = 0n;
      const lines = currencies.map((currency) => {
        const { convertedMinor, ...line } = this.balanceView(currency, byKey.get(`${account}:${currency.id}`) ?? ZERO, usdt);
        accountTotal += convertedMinor;
        return line;
      });
      total += accountTotal;
      return { account, type_id: fundAccountTypeId(account), total_converted: minorToDecimal(accountTotal, usdt.decimals), balances: lines };
    });
    return { total_converted: minorToDecimal(total, usdt.decimals), accounts };
  }

  async detail(userId: number, currency: CurrencyRow, account: FundAccount): Promise<WalletDetail> {
    const state = await this.reader.balance(userId, account, currency.id);
    const { convertedMinor: _unused, ...line } = this.balanceView(currency, state, await this.valuation());
    return { ...line, account, type_id: fundAccountTypeId(account), decimals: currency.decimals };
  }

  async userCurrencies(userId: number, account: FundAccount): Promise<UserCurrency[]> {
    const [currencies, balances] = await Promise.all([this.currencies.active(), this.reader.balancesOf(userId)]);
    return currencies.map((c) => {
      const state = balances.find((b) => b.name === account && b.currencyId === c.id) ?? ZERO;
      return {
        currency_id: c.id, currency: c.symbol, image: c.image, decimals: c.decimals, account,
        available: minorToDecimal(state.available, c.decimals), frozen: minorToDecimal(state.frozen, c.decimals),
      };
    });
  }

  async depositAddress(userId: number, currencyId: number, networkId: number): Promise<Outcome<DepositAddress>> {
    const currency = await this.currencies.usable(currencyId);
    if (!currency.ok) return currency;
    const network = await this.currencies.usableNetwork(currencyId, networkId);
    if (!network.ok) return network;
    const address = await this.deposits.addressFor(userId, network.value);
    return success({
      currency_id: currencyId, currency: currency.value.symbol, network_id: networkId, network: network.value.network,
      address, confirmations: network.value.confirmations,
    });
  }

  async bills(userId: number, filter: BillFilter, paging: Paging): Promise<Page<BillEntry>> {
    const { rows, total } = await this.reader.bills(userId, filter, paging);
    const currencies = await this.currencies.byId();
    return {
      page: paging.page, limit: paging.limit, total,
      data: rows.map((r) => {
        const currency = currencies.get(r.currencyId);
        const decimals = currency?.decimals ?? 0;
        return {
          id: r.id, account: r.account as FundAccount, currency: currency?.symbol ?? '', change: minorToDecimal(r.amountMinor, decimals),
          kind: r.kind, balance_after: minorToDecimal(r.balanceAfterMinor, decimals), created_at: r.createdAt,
        };
      }),
    };
  }
}
