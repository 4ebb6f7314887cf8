import { join } from 'node:path';
import { codeIpRules } from '../domain/code-rules.ts';
import { AuthService } from './auth-service.ts';
import type { CodeSender } from './code-sender.ts';
import { CodeService } from './code-service.ts';
import { ContentService } from './content-service.ts';
import { CurrencyService } from './currency-service.ts';
import type { MarkPriceSource } from './contracts/mark-price-source.ts';
import { DevOutboxSender } from './dev-outbox.ts';
import { DueWork, type DueHandler } from './due-work/due-work.ts';
import { LogCodeSender } from './log-code-sender.ts';
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

/** The platform's services: accounts and sessions, the ledger, content, due work. Products build their own (server/modules/). */
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
  /** Replays a write's first answer for a retried idempotency key. */
  idempotency: IdempotencyService;
  /** Per-key attempt limits (codes, passwords, transfers). */
  throttle: ThrottleService;
  fiatRates: FiatRateService;
  audit: OpsAuditService;
  /** The durable schedule of work due at a time; the engine leader runs it. */
  dueWork: DueWork;
}

export interface ServiceOptions {
  dataDir: string;
  sender?: CodeSender | undefined;
  /** Without a sender: codes readable at GET /api/dev/outbox (default) or in the log only (false). */
  devOutbox?: boolean;
  /** Public fiat rates source (RATES_URL); undefined serves the bundled table only. */
  ratesUrl?: string | undefined;
  /** Verification codes one IP may ask for per hour (CODES_PER_IP_HOUR). */
  codesPerIpHour?: number;
  /** One simulated-chain block (one confirmation) per this many ms (CHAIN_BLOCK_MS; the wallet module's). */
  chainBlockMs?: number;
  /** Where contracts read mark prices (tests pass a ManualMarkSource); default: the market's marks. */
  markSource?: MarkPriceSource | undefined;
  /** The market module runs the simulated market (SIMULATOR). */
  simulator?: boolean;
  /** SIMULATOR_PACE: the simulator's trade rate multiplier (default 1). */
  simulatorPace?: number;
  /** Kinds of due work beyond the modules' own (tests add some). */
  dueHandlers?: readonly DueHandler[] | undefined;
}

/** Wires the services together; the only place that knows who needs whom. */
export async function createServices(ctx: ServiceContext, options: ServiceOptions): Promise<Services> {
  // Without a real sender, codes go to the dev outbox (and GET /api/dev/outbox exists) or, with the
  // outbox off, to the log only.
  const devOutbox = options.sender || options.devOutbox === false ? null : new DevOutboxSender(ctx);
  const activeSender: CodeSender = options.sender ?? devOutbox ?? new LogCodeSender(ctx);
  const throttle = new ThrottleService(ctx);
  const users = new UserService(ctx);
  const sessions = new SessionService(ctx);
  const content = new ContentService(ctx);
  const uploads = new UploadService(ctx, join(options.dataDir, 'uploads'));
  const codes = new CodeService(ctx, await loadServerKey(ctx.db, 'code_hmac'), throttle, activeSender, users, codeIpRules(options.codesPerIpHour));
  const currencies = new CurrencyService(ctx);

  const idempotency = new IdempotencyService(ctx);
  const ledger = new LedgerService(ctx);
  const ledgerReader = new LedgerReader(ctx);
  const security = new SecuritySettingsService(ctx, users, codes, throttle, idempotency);
  const identity = new IdentityService(ctx, uploads, idempotency);
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
    idempotency,
    throttle,
    fiatRates: new FiatRateService(ctx, options.ratesUrl),
    audit: new OpsAuditService(ctx),
    // Modules register their kinds once the services exist (server/modules/register-due-work.ts).
    dueWork: new DueWork(ctx, options.dueHandlers ?? []),
  };
}
