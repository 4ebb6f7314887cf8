import { optionOutcome, optionResultMinor, settlePostings } from '../../domain/options-rules.ts';
import { priceTextToTicks } from '../../domain/futures-prices.ts';
import type { DueHandler, DueResult, DueWork } from '../due-work/due-work.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import { writeTransaction, type Tx } from '../write-transaction.ts';
import type { ContractEvents } from './contract-events.ts';
import { OPTION_DUE_KIND, optionDue } from './option-due.ts';
import type { MarkHistory } from './mark-history.ts';
import type { MarkPriceSource } from './mark-price-source.ts';
import type { OptionsService } from './options-service.ts';
import type { OptionRow } from './option-views.ts';

/** How long after expiry a new mark may still arrive before an unchanged mark counts as the expiry mark. */
export const SETTLE_GRACE_MS = 3000;
/** How soon an option whose exit mark is not known yet is tried again. */
const RETRY_MS = 500;

interface ExitMark {
  timeMs: number;
  ticks: bigint;
}

type Settled = DueResult & { afterCommit?: () => void };

/**
 * Settles seconds options exactly once, even across restarts, as due work (server/services/due-work/).
 * The exit mark of an option is:
 *  1. the first mark seen at or after its expiry and within SETTLE_GRACE_MS of it; else
 *  2. when this process was running at the expiry and the grace has passed without a new mark, the
 *     mark in force at the expiry (the last one at or before it: the price did not move); else
 *  3. (the server was down at the expiry) the first mark seen at or after the expiry, whenever it comes.
 * Until one is known the item answers "not yet". Settlement flips the row from open to settled only
 * if it is still open and books the payout journal in the item's transaction.
 */
export class OptionsSettler {
  private readonly startedAtMs: number;
  private passes = 0;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly ledger: LedgerService,
    private readonly source: MarkPriceSource,
    private readonly history: MarkHistory,
    private readonly options: OptionsService,
    private readonly events: ContractEvents,
  ) {
    this.startedAtMs = ctx.clock.now().getTime();
  }

  readonly handlers: readonly DueHandler[] = [{ kind: OPTION_DUE_KIND, run: (trx, item, now) => this.runDue(trx, Number(item.key), now.getTime()) }];

  /** Schedules every open option (a no-op for those scheduled when placed): a database from before keeps settling. */
  async start(dueWork: DueWork): Promise<void> {
    const open = await this.ctx.db.selectFrom('seconds_options').select(['id', 'expires_at']).where('state', '=', 'open').execute();
    if (open.length === 0) return;
    await writeTransaction(this.ctx, async (trx) => {
      for (const row of open) await dueWork.schedule(trx, optionDue(row.id, row.expires_at));
    });
  }

  /** The contracts' pass: records the marks of symbols with open options, for the exit marks. */
  async record(): Promise<void> {
    const nowMs = this.ctx.clock.now().getTime();
    const watched = await this.ctx.db.selectFrom('seconds_options').select('symbol').distinct().where('state', '=', 'open').execute();
    for (const { symbol } of watched) {
      const mark = this.source.get(symbol);
      if (mark) this.history.record(symbol, mark.price, mark.timeMs);
    }
    await this.history.persist(watched.map((w) => w.symbol));
    this.passes += 1;
    if (this.passes % 3600 === 1) await this.history.prune(nowMs - 86_400_000);
  }

  /** Settles one option if it is still open; false when another pass or process already did. */
  async settle(id: number, exit: ExitMark): Promise<boolean> {
    const done = await writeTransaction(this.ctx, async (trx) => {
      const row = await trx.selectFrom('seconds_options').selectAll().where('id', '=', id).executeTakeFirst();
      return row && row.state === 'open' ? this.settleIn(trx, row, exit) : null;
    });
    done?.();
    return done !== null;
  }

  private async runDue(trx: Tx, id: number, nowMs: number): Promise<Settled> {
    const row = await trx.selectFrom('seconds_options').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.state !== 'open') return { done: true };
    const exit = await this.exitMark(trx, row, nowMs);
    if (!exit) return { done: false, notYet: new Date(nowMs + RETRY_MS) };
    const announce = await this.settleIn(trx, row, exit);
    return { done: true, afterCommit: announce ?? undefined };
  }

  private async exitMark(trx: Tx, row: OptionRow, nowMs: number): Promise<ExitMark | null> {
    const expiryMs = Date.parse(row.expires_at);
    const soon = await this.history.firstAtOrAfter(row.symbol, expiryMs, expiryMs + SETTLE_GRACE_MS + 1, trx);
    if (soon) return soon;
    if (nowMs <= expiryMs + SETTLE_GRACE_MS) return null;
    if (this.startedAtMs <= expiryMs) {
      const before = this.history.lastAtOrBefore(row.symbol, expiryMs);
      if (before) return before;
    }
    const later = await this.history.firstAtOrAfter(row.symbol, expiryMs, Number.POSITIVE_INFINITY, trx);
    if (later) return later;
    const current = this.source.get(row.symbol);
    const ticks = current ? priceTextToTicks(current.price) : null;
    return current && ticks !== null && current.timeMs >= expiryMs ? { timeMs: current.timeMs, ticks } : null;
  }

  /** Flips the open row to settled and books the payout; answers what to announce once committed, or null. */
  private async settleIn(trx: Tx, current: OptionRow, exit: ExitMark): Promise<(() => void) | null> {
    const outcome = optionOutcome(current.direction === 'down' ? 'down' : 'up', BigInt(current.entry_price_ticks), exit.ticks);
    const stake = BigInt(current.stake_minor);
    const result = optionResultMinor(outcome, stake, current.profit_rate_ppm);
    const flipped = await trx.updateTable('seconds_options').set({
      state: 'settled', outcome, exit_price_ticks: exit.ticks.toString(), result_minor: result.toString(),
      exit_mark_at: new Date(exit.timeMs).toISOString(), settled_at: iso(this.ctx.clock.now()),
    }).where('id', '=', current.id).where('state', '=', 'open').executeTakeFirst();
    if ((flipped.numUpdatedRows ?? 0n) !== 1n) return null;
    const journal = await this.ledger.book(trx, {
      kind: 'option_settle', userId: current.user_id, refType: 'seconds_option', refId: current.id, reversesJournalId: null,
      postings: settlePostings(current.user_id, current.currency_id, stake, outcome, result > 0n ? result : 0n),
    });
    if (!journal.ok) throw new Error(`option ${current.id} settlement refused: ${journal.code}`);
    const row = await trx.selectFrom('seconds_options').selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
    return () => void this.announce(row, exit);
  }

  private async announce(row: OptionRow, exit: ExitMark): Promise<void> {
    try {
      await this.history.persistOne(row.symbol, exit);
      const [view] = await this.options.views([row]);
      if (view) this.events.emitOption(row.user_id, view);
    } catch (error) {
      this.ctx.log.warn({ err: error, option: row.id }, 'option settlement announcement failed');
    }
  }
}
