import { optionOutcome, optionResultMinor, settlePostings } from '../../domain/options-rules.ts';
import { priceTextToTicks } from '../../domain/futures-prices.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import { writeTransaction } from '../write-transaction.ts';
import type { ContractEvents } from './contract-events.ts';
import type { MarkHistory } from './mark-history.ts';
import type { MarkPriceSource } from './mark-price-source.ts';
import type { OptionsService } from './options-service.ts';
import type { OptionRow } from './option-views.ts';

/** How long after expiry a new mark may still arrive before an unchanged mark counts as the expiry mark. */
export const SETTLE_GRACE_MS = 3000;
const DUE_BATCH = 500;

interface ExitMark {
  timeMs: number;
  ticks: bigint;
}

/**
 * Settles seconds options exactly once, even across restarts. The exit mark of an option is:
 *  1. the first mark seen at or after its expiry and within SETTLE_GRACE_MS of it; else
 *  2. when this process was running at the expiry and the grace has passed without a new mark, the
 *     mark in force at the expiry (the last one at or before it: the price did not move); else
 *  3. (the server was down at the expiry) the first mark seen at or after the expiry, whenever it comes.
 * Settlement is one transaction that flips the row from open to settled only if it is still open
 * (so two processes, or a retried pass, cannot settle twice) and books the payout journal.
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

  /** One pass: record marks of symbols with open options, settle what is due. Answers the ids settled. */
  async tick(): Promise<number[]> {
    const nowMs = this.ctx.clock.now().getTime();
    const watched = await this.ctx.db.selectFrom('seconds_options').select('symbol').distinct().where('state', '=', 'open').execute();
    for (const { symbol } of watched) {
      const mark = this.source.get(symbol);
      if (mark) this.history.record(symbol, mark.price, mark.timeMs);
    }
    await this.history.persist(watched.map((w) => w.symbol));
    const due = await this.ctx.db.selectFrom('seconds_options').selectAll().where('state', '=', 'open')
      .where('expires_at', '<=', iso(new Date(nowMs))).orderBy('expires_at').limit(DUE_BATCH).execute();
    const settled: number[] = [];
    for (const row of due) {
      try {
        const exit = await this.exitMark(row, nowMs);
        if (exit && (await this.settle(row.id, exit))) settled.push(row.id);
      } catch (error) {
        this.ctx.log.warn({ err: error, option: row.id }, 'option settlement failed');
      }
    }
    this.passes += 1;
    if (this.passes % 3600 === 1) await this.history.prune(nowMs - 86_400_000);
    return settled;
  }

  private async exitMark(row: OptionRow, nowMs: number): Promise<ExitMark | null> {
    const expiryMs = Date.parse(row.expires_at);
    const soon = await this.history.firstAtOrAfter(row.symbol, expiryMs, expiryMs + SETTLE_GRACE_MS + 1);
    if (soon) return soon;
    if (nowMs <= expiryMs + SETTLE_GRACE_MS) return null;
    if (this.startedAtMs <= expiryMs) {
      const before = this.history.lastAtOrBefore(row.symbol, expiryMs);
      if (before) return before;
    }
    const later = await this.history.firstAtOrAfter(row.symbol, expiryMs);
    if (later) return later;
    const current = this.source.get(row.symbol);
    const ticks = current ? priceTextToTicks(current.price) : null;
    return current && ticks !== null && current.timeMs >= expiryMs ? { timeMs: current.timeMs, ticks } : null;
  }

  /** Settles one option if it is still open; false when another pass or process already did. */
  async settle(id: number, exit: ExitMark): Promise<boolean> {
    const row = await writeTransaction(this.ctx, async (trx) => {
      const current = await trx.selectFrom('seconds_options').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current || current.state !== 'open') return null;
      const outcome = optionOutcome(current.direction === 'down' ? 'down' : 'up', BigInt(current.entry_price_ticks), exit.ticks);
      const stake = BigInt(current.stake_minor);
      const result = optionResultMinor(outcome, stake, current.profit_rate_ppm);
      const now = iso(this.ctx.clock.now());
      const flipped = await trx.updateTable('seconds_options').set({
        state: 'settled', outcome, exit_price_ticks: exit.ticks.toString(), result_minor: result.toString(),
        exit_mark_at: new Date(exit.timeMs).toISOString(), settled_at: now,
      }).where('id', '=', id).where('state', '=', 'open').executeTakeFirst();
      if ((flipped.numUpdatedRows ?? 0n) !== 1n) return null;
      const journal = await this.ledger.book(trx, {
        kind: `option_settle`, userId: current.user_id, refType: 'seconds_option', refId: id, reversesJournalId: null,
        postings: settlePostings(current.user_id, current.currency_id, stake, outcome, result > 0n ? result : 0n),
      });
      if (!journal.ok) throw new Error(`option ${id} settlement refused: ${journal.code}`);
      return trx.selectFrom('seconds_options').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
    if (!row) return false;
    await this.history.persistOne(row.symbol, exit).catch(() => undefined);
    const [view] = await this.options.views([row]);
    if (view) this.events.emitOption(row.user_id, view);
    return true;
  }
}
