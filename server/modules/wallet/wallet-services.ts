import { VALUATION_CURRENCY } from '../../../contract/api/wallet.ts';
import { AddressBookService } from '../../services/address-book-service.ts';
import { BankCardService } from '../../services/bank-card-service.ts';
import type { Services } from '../../services/create-services.ts';
import { ChainSimulator } from '../../services/custody/chain-simulator.ts';
import { SimulatedCustody } from '../../services/custody/simulated-custody.ts';
import { loadServerKey } from '../../services/server-key.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import { ChargeService } from '../../services/wallet/charge-service.ts';
import { DepositService } from '../../services/wallet/deposit-service.ts';
import { ExchangeService } from '../../services/wallet/exchange-service.ts';
import { houseDealPrice, type LivePrice } from '../../services/wallet/house-price.ts';
import type { MarginGuard } from '../../services/wallet/margin-guard.ts';
import type { MarkPriceService } from '../../services/market-data/mark-price-service.ts';
import { TransferService } from '../../services/wallet/transfer-service.ts';
import { WalletQueryService } from '../../services/wallet/wallet-query-service.ts';
import { WithdrawPolicy } from '../../services/wallet/withdraw-policy.ts';
import { WithdrawalService } from '../../services/wallet/withdrawal-service.ts';

/** The wallet module's own services: deposits, withdrawals, transfers, the exchange, top-ups, cards and addresses. */
export interface WalletServices {
  deposits: DepositService;
  /** The simulated chain that confirms deposits block by block. */
  chain: ChainSimulator;
  withdrawPolicy: WithdrawPolicy;
  withdrawals: WithdrawalService;
  transfers: TransferService;
  exchanges: ExchangeService;
  charges: ChargeService;
  wallet: WalletQueryService;
  bankCards: BankCardService;
  addressBook: AddressBookService;
}

export const DEFAULT_CHAIN_BLOCK_MS = 3000;

/** The module's name, and its services from a server's or the ops command line's modules. */
export const WALLET = 'wallet';
export const walletOf = (modules: { own(name: string): unknown }): WalletServices => modules.own(WALLET) as WalletServices;

/**
 * Built from the platform's services: the ledger, currencies, identity and security, the contracts'
 * margin guard (a transfer out of a lever account is limited by its positions) and the market's
 * marks (what holdings are valued at, and the house exchange's price).
 */
/** What the wallet takes from other modules: the contracts' margin guard, the market's marks. */
export interface WalletNeeds {
  margins: MarginGuard;
  markPrices: MarkPriceService;
}

export async function createWalletServices(ctx: ServiceContext, services: Services, { margins, markPrices }: WalletNeeds, chainBlockMs = DEFAULT_CHAIN_BLOCK_MS): Promise<WalletServices> {
  const { ledger, ledgerReader, currencies, identity, security, idempotency, throttle } = services;
  const custody = new SimulatedCustody(await loadServerKey(ctx.db, 'custody_sim'));
  const deposits = new DepositService(ctx, ledger, custody, currencies);
  const withdrawPolicy = new WithdrawPolicy(ctx, currencies, identity, security, ledgerReader);
  // What the wallet values holdings at: each currency's X/USDT mark (the market's own, without
  // operators' contract overrides), not its last trade. The house exchange deals at the worse for the
  // user of that mark, its target and the book (house-price.ts).
  const housePrice: LivePrice = (symbol) => (symbol === VALUATION_CURRENCY ? '1' : (markPrices.get(`${symbol}/${VALUATION_CURRENCY}`)?.price ?? null));
  return {
    deposits,
    chain: new ChainSimulator(ctx, deposits, custody, chainBlockMs),
    withdrawPolicy,
    withdrawals: new WithdrawalService(ctx, ledger, ledgerReader, currencies, custody, idempotency, withdrawPolicy),
    transfers: new TransferService(ctx, ledger, ledgerReader, currencies, idempotency, security, throttle, margins),
    exchanges: new ExchangeService(ctx, ledger, currencies, identity, idempotency, houseDealPrice(markPrices, VALUATION_CURRENCY), margins),
    charges: new ChargeService(ctx, ledger, currencies, identity, idempotency),
    wallet: new WalletQueryService(ledgerReader, currencies, deposits, housePrice),
    bankCards: new BankCardService(ctx, idempotency),
    addressBook: new AddressBookService(ctx, currencies, idempotency),
  };
}
