import { overnightInstants } from '../../domain/futures-settings.ts';
import type { DueHandler, DueSchedule, DueWork } from '../due-work/due-work.ts';
import type { ServiceContext } from '../service-context.ts';
import { writeTransaction } from '../write-transaction.ts';
import type { ContractDirectory } from './contract-directory.ts';
import type { ContractEvents } from './contract-events.ts';
import type { FuturesSettlement } from './futures-settlement.ts';

/** One item per charge instant: it lists the positions open before it, then schedules the next. */
const DAY_KIND = 'contracts.overnight-day';
/** One item per position and charge instant: the fee, its journal and its claim in one transaction. */
const POSITION_KIND = 'contracts.overnight';
const DAY_MS = 86_400_000;

const dayItem = (instantMs: number): DueSchedule => ({ kind: DAY_KIND, key: new Date(instantMs).toISOString(), dueAt: new Date(instantMs) });

/**
 * Overnight fees on the durable schedule (server/services/due-work/): at each charge instant every
 * position open before it gets an item keyed by position and instant, so a fee is charged once
 * across passes, processes and restarts, and a server that was down catches up on each missed day.
 * The charge itself (FuturesSettlement.chargeOvernight) also claims (position, day), as the close
 * and the liquidation charge what is due first.
 */
export class OvernightDue {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly directory: ContractDirectory,
    private readonly settlement: FuturesSettlement,
    private readonly events: ContractEvents,
  ) {}

  readonly handlers: readonly DueHandler[] = [
    {
      kind: DAY_KIND,
      run: async (trx, item) => {
        // Through the item's transaction: on SQLite another read would wait for it to end.
        const { overnightMinuteUtc } = await this.directory.params(trx);
        const instant = item.dueAt.getTime();
        const open = await trx.selectFrom('futures_positions').select('id').where('state', '=', 'open').where('opened_at', '<', item.dueAt.toISOString()).execute();
        const next = overnightInstants(instant, instant + DAY_MS + 1, overnightMinuteUtc)[0] ?? instant + DAY_MS;
        return {
          done: true,
          next: [...open.map((row) => ({ kind: POSITION_KIND, key: `${row.id}:${item.key}`, dueAt: item.dueAt, payload: { positionId: row.id } })), dayItem(next)],
        };
      },
    },
    {
      kind: POSITION_KIND,
      run: async (trx, item) => {
        const { positionId } = item.payload as { positionId: number };
        const { overnightMinuteUtc } = await this.directory.params(trx);
        const charged = await this.settlement.chargeOvernight(trx, positionId, overnightMinuteUtc);
        if (charged === 0) return { done: true };
        const row = await trx.selectFrom('futures_positions').select('user_id').where('id', '=', positionId).executeTakeFirstOrThrow();
        return { done: true, afterCommit: () => this.events.touched(row.user_id) };
      },
    },
  ];

  /**
   * Puts the latest charge instant that has passed and the next one on the schedule (a no-op when
   * they are there, done or not): a fresh database starts its chain of days, an old one keeps it.
   */
  async start(dueWork: DueWork): Promise<void> {
    const { overnightMinuteUtc } = await this.directory.params();
    const now = this.ctx.clock.now().getTime();
    const [latest] = overnightInstants(now - DAY_MS, now, overnightMinuteUtc).slice(-1);
    const [next] = overnightInstants(now, now + DAY_MS, overnightMinuteUtc);
    await writeTransaction(this.ctx, async (trx) => {
      for (const instant of [latest, next]) if (instant !== undefined) await dueWork.schedule(trx, dayItem(instant));
    });
  }
}
