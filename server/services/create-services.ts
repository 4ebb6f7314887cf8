import { codeIpRules } from '../domain/code-rules.ts';
import { join } from 'node:path';
import { SQLITE_FILE } from '../db/open-database.ts';
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
import { createMarketData, type MarketDataServices } from './market-data/market-data-module.ts';
import { FavouritesService } from './market/favourites-service.ts';
import { MarketCatalog } from './market/market-catalog.ts';
import { MarketEvents } from './market/market-events.ts';
import { MarketSearchService } from './market/market-search-service.ts';
import { MarketService } from './market/market-service.ts';
import { MarketTape } from './market/market-tape.ts';
import { QuotationService } from './market/quotation-service.ts';
import { SpotBooks } from './market/spot-books.ts';
import { SpotOrderQueryService } from './market/spot-order-query-service.ts';
import { SpotOrderService } from './market/spot-order-service.ts';
import { OpsAuditService } from './ops-audit-service.ts';
import { ProfileService } from './profile-service.ts';
import { SecuritySettingsService } from './security-settings-service.ts';
import { loadServerKey } from './server-key.ts';
import type { ServiceContext } from './service-context.ts';
import { SessionService } from './session-service.ts';
import { ThrottleService } from './throttle-service.ts';
import { UploadService } from './upload-service.ts';
import { UserService } from './user-service.ts';

/** Market data, mark prices, the streams' state and the simulator come from MarketDataServices. */
export interface Services extends MarketDataServices {
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
  // Markets and spot trading (issue 4).
  /** Pairs, committed depth, recent trades, last prices; ready() rebuilds the books. */
  markets: MarketService;
  /** What the spot order flow announces after each commit. */
  marketEvents: MarketEvents;
  spotOrders: SpotOrderService;
  spotOrderQuery: SpotOrderQueryService;
  quotations: QuotationService;
  favourites: FavouritesService;
  marketSearch: MarketSearchService;
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
  const marketEvents = new MarketEvents((error) => ctx.log.warn({ err: error }, 'market event listener failed'));
  const marketCatalog = new MarketCatalog(ctx);
  const spotBooks = new SpotBooks(marketCatalog);
  const marketTape = new MarketTape();
  const markets = new MarketService(ctx, marketCatalog, spotBooks, marketTape);
  const quotations = new QuotationService(ctx, markets);
  // SQLite: the order flow's writes run on their own thread and connection (see SqlitePlanWriter).
  const sqliteFile = ctx.dialect === 'sqlite' ? join(options.dataDir, SQLITE_FILE) : null;
  const spotOrders = new SpotOrderService(ctx, marketCatalog, spotBooks, marketTape, marketEvents, () => markets.ready(), sqliteFile);
  const spotOrderQuery = new SpotOrderQueryService(ctx, markets);
  const marketData = createMarketData(ctx, { markets, marketEvents, spotOrders, spotOrderQuery, users, ledger, ledgerReader });
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
    markets,
    marketEvents,
    spotOrders,
    spotOrderQuery,
    quotations,
    favourites: new FavouritesService(ctx, markets, quotations),
    marketSearch: new MarketSearchService(ctx, markets, quotations),
    ...marketData,
    // Modules register their kinds once the services exist (server/modules/register-due-work.ts).
    dueWork: new DueWork(ctx, options.dueHandlers ?? []),
  };
}
