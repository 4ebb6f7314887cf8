import type { DueWork } from '../due-work/due-work.ts';
import type { IdempotencyService } from '../ledger/idempotency-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { Log, ServiceContext } from '../service-context.ts';
import { ContractDirectory } from './contract-directory.ts';
import { ContractEvents } from './contract-events.ts';
import type { MarginGuard } from '../wallet/margin-guard.ts';
import { FuturesMarginGuard } from './futures-margin-guard.ts';
import { FuturesMonitor, type MonitorReport } from './futures-monitor.ts';
import { FuturesReads } from './futures-reads.ts';
import { FuturesService } from './futures-service.ts';
import { FuturesSettlement } from './futures-settlement.ts';
import { MarkHistory } from './mark-history.ts';
import type { MarkPriceSource } from './mark-price-source.ts';
import { OptionsService } from './options-service.ts';
import { OptionsSettler } from './options-settler.ts';
import { OverridableMarkSource } from './overridable-mark-source.ts';
import { OvernightDue } from './overnight-due.ts';

/** Everything contracts offer the rest of the server. */
export interface Contracts {
  /** The market's marks with operator overrides on top: what every contract computation uses. */
  marks: OverridableMarkSource;
  directory: ContractDirectory;
  events: ContractEvents;
  futures: FuturesService;
  /** The money steps of futures inside a caller's transaction, and their hooks (copy trading mirrors traders through them). */
  settlement: FuturesSettlement;
  /** Account risk and position views at the current marks. */
  reads: FuturesReads;
  options: OptionsService;
  monitor: FuturesMonitor;
  /** Option settlement as due work: its handlers, and start() to schedule open options a database holds. */
  settler: OptionsSettler;
  /** Overnight fees as due work: its handlers, and start() to put the next charge instants on the schedule. */
  overnight: OvernightDue;
  /** What the wallet may move out of a lever or stock account with open positions. */
  margins: MarginGuard;
  /** Reads the operators' mark overrides; call before serving (until then no mark is known). */
  ready(): Promise<void>;
  /** One pass of the loop: overrides, the futures trigger loop, the marks options settle against (settlements and overnight fees are due work). */
  tick(): Promise<{ futures: MonitorReport }>;
}

export function createContracts(ctx: ServiceContext, ledger: LedgerService, idempotency: IdempotencyService, dueWork: DueWork, marketMarks: MarkPriceSource): Contracts {
  const marks = new OverridableMarkSource(ctx, marketMarks);
  const events = new ContractEvents((error) => ctx.log.warn({ err: error }, 'contract event listener failed'));
  const directory = new ContractDirectory(ctx, marks);
  const reads = new FuturesReads(ctx, marks);
  const settlement = new FuturesSettlement(ctx, ledger, events);
  const options = new OptionsService(ctx, ledger, idempotency, directory, marks, dueWork);
  const history = new MarkHistory(ctx, marks);
  const monitor = new FuturesMonitor(ctx, directory, reads, settlement, events);
  const settler = new OptionsSettler(ctx, ledger, marks, history, options, events);
  return {
    marks,
    directory,
    events,
    futures: new FuturesService(ctx, ledger, idempotency, directory, reads, settlement, events),
    settlement,
    reads,
    options,
    monitor,
    settler,
    overnight: new OvernightDue(ctx, directory, settlement, events),
    margins: new FuturesMarginGuard(ctx, reads),
    ready: () => marks.refresh(),
    async tick() {
      await marks.refresh();
      await settler.record();
      return { futures: await monitor.tick() };
    },
  };
}

const TICK_MS = 1000;

/** Runs the contracts' pass every second in this process; passes never overlap; the timer never keeps the process alive. */
export function startContractsTicker(contracts: Contracts, log: Log): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    contracts.tick()
      .catch((error: unknown) => log.warn({ err: error }, 'contracts tick failed'))
      .finally(() => { running = false; });
  }, TICK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
