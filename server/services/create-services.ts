import { join } from 'node:path';
import { AddressBookService } from './address-book-service.ts';
import { AuthService } from './auth-service.ts';
import { BankCardService } from './bank-card-service.ts';
import type { CodeSender } from './code-sender.ts';
import { CodeService } from './code-service.ts';
import { ContentService } from './content-service.ts';
import { CurrencyService } from './currency-service.ts';
import { ChainSimulator } from './custody/chain-simulator.ts';
import { SimulatedCustody } from './custody/simulated-custody.ts';
import { DevOutboxSender } from './dev-outbox.ts';
import { FiatRateService } from './fiat-rate-service.ts';
import { IdentityService } from './identity-service.ts';
import { IdempotencyService } from './ledger/idempotency-service.ts';
import { LedgerReader } from './ledger/ledger-reader.ts';
import { LedgerService } from './ledger/ledger-service.ts';
import { OpsAuditService } from './ops-audit-service.ts';
import { ProfileService } from './profile-service.ts';
import { SecuritySettingsService } from './security-settings-service.ts';
import { loadServerKey } from './server-key.ts';
import type { ServiceContext } from './service-context.ts';
import { SessionService } from './session-service.ts';
import { ThrottleService } from './throttle-service.ts';
import { UploadService } from './upload-service.ts';
import { UserService } from './user-service.ts';
import { ChargeService } from './wallet/charge-service.ts';
import { DepositService } from './wallet/deposit-service.ts';
import { ExchangeService } from './wallet/exchange-service.ts';
import { TransferService } from './wallet/transfer-service.ts';
import { WalletQueryService } from './wallet/wallet-query-service.ts';
import { WithdrawPolicy } from './wallet/withdraw-policy.ts';
import { WithdrawalService } from './wallet/withdrawal-service.ts';

export interface Services {
  auth: AuthService;
  codes: CodeService;
  content: ContentService;
  currencies: CurrencyService;
  profile: ProfileService;
  sessions: SessionService;
  uploads: UploadService;
  users: UserService;
  /** Present only while codes go to the dev outbox (no real sender configured). */
  devOutbox: DevOutboxSender | null;
  // The money core.
  ledger: LedgerService;
  ledgerReader: LedgerReader;
  security: SecuritySettingsService;
  identity: IdentityService;
  deposits: DepositService;
  chain: ChainSimulator;
  withdrawPolicy: WithdrawPolicy;
  withdrawals: WithdrawalService;
  transfers: TransferService;
  exchanges: ExchangeService;
  charges: ChargeService;
  wallet: WalletQueryService;
  bankCards: BankCardService;
  addressBook: AddressBookService;
  fiatRates: FiatRateService;
  audit: OpsAuditService;
}

export interface ServiceOptions {
  dataDir: string;
  sender?: CodeSender | undefined;
  /** Public fiat rates source (RATES_URL); undefined serves the bundled table only. */
  ratesUrl?: string | undefined;
  /** One simulated-chain block (one confirmation) per this many ms (CHAIN_BLOCK_MS). */
  chainBlockMs?: number;
}

export const DEFAULT_CHAIN_BLOCK_MS = 3000;

/** Wires the services together; the only place that knows who needs whom. */
export async function createServices(ctx: ServiceContext, options: ServiceOptions): Promise<Services> {
  // Without a real sender, codes go to the dev outbox (and GET /api/dev/outbox exists).
  const devOutbox = options.sender ? null : new DevOutboxSender(ctx);
  const activeSender: CodeSender = devOutbox ?? (options.sender as CodeSender);
  const throttle = new ThrottleService(ctx);
  const users = new UserService(ctx);
  const sessions = new SessionService(ctx);
  const content = new ContentService(ctx);
  const uploads = new UploadService(ctx, join(options.dataDir, 'uploads'));
  const codes = new CodeService(ctx, await loadServerKey(ctx.db, 'code_hmac'), throttle, activeSender, users);
  const currencies = new CurrencyService(ctx);

  const idempotency = new IdempotencyService(ctx);
  const ledger = new LedgerService(ctx);
  const ledgerReader = new LedgerReader(ctx);
  const security = new SecuritySettingsService(ctx, users, codes, throttle, idempotency);
  const identity = new IdentityService(ctx, uploads, idempotency);
  const custody = new SimulatedCustody(await loadServerKey(ctx.db, 'custody_sim'));
  const deposits = new DepositService(ctx, ledger, custody, currencies);
  const withdrawPolicy = new WithdrawPolicy(ctx, currencies, identity, security, ledgerReader);
  return {
    auth: new AuthService(users, sessions, codes, throttle, content),
    codes,
    content,
    currencies,
    profile: new ProfileService(users, uploads, codes),
    sessions,
    uploads,
    users,
    devOutbox,
    ledger,
    ledgerReader,
    security,
    identity,
    deposits,
    chain: new ChainSimulator(ctx, deposits, custody, options.chainBlockMs ?? DEFAULT_CHAIN_BLOCK_MS),
    withdrawPolicy,
    withdrawals: new WithdrawalService(ctx, ledger, ledgerReader, currencies, custody, idempotency, withdrawPolicy),
    transfers: new TransferService(ctx, ledger, ledgerReader, currencies, idempotency, security),
    exchanges: new ExchangeService(ctx, ledger, currencies, identity, idempotency),
    charges: new ChargeService(ctx, ledger, currencies, identity, idempotency),
    wallet: new WalletQueryService(ledgerReader, currencies, deposits),
    bankCards: new BankCardService(ctx, idempotency),
    addressBook: new AddressBookService(ctx, currencies, idempotency),
    fiatRates: new FiatRateService(ctx, options.ratesUrl),
    audit: new OpsAuditService(ctx),
  };
}
