import type { ServiceContext } from '../service-context.ts';
import { iso } from '../service-context.ts';
import { writeTransaction } from '../write-transaction.ts';

/** market_data_state: the simulator's last reported status (ops simulator-status reads it). */
export const SIM_STATUS = 'simulator.status';

export interface SimStatusReport {
  running: boolean;
  seed: number;
  pairs: number;
  startedAt: string;
  reportedAt: string;
  placed: number;
  cancels: number;
  taken: number;
  trades: number;
  fundings: number;
  refusals: Record<string, number>;
}

/** Counters of what the simulator did, saved every 30 s so an operator can see it from another process. */
export class SimStatus {
  placed = 0;
  cancels = 0;
  taken = 0;
  trades = 0;
  fundings = 0;
  private readonly refusals: Record<string, number> = {};
  private pairs = 0;
  private startedAt = '';

  constructor(private readonly ctx: ServiceContext, private readonly seed: number) {}

  started(pairs: number): void {
    this.pairs = pairs;
    this.startedAt = iso(this.ctx.clock.now());
  }

  refused(code: string): void {
    this.refusals[code] = (this.refusals[code] ?? 0) + 1;
  }

  report(running: boolean): SimStatusReport {
    return {
      running, seed: this.seed, pairs: this.pairs, startedAt: this.startedAt, reportedAt: iso(this.ctx.clock.now()),
      placed: this.placed, cancels: this.cancels, taken: this.taken, trades: this.trades, fundings: this.fundings, refusals: { ...this.refusals },
    };
  }

  async save(running: boolean): Promise<void> {
    const value = JSON.stringify(this.report(running));
    const now = iso(this.ctx.clock.now());
    await writeTransaction(this.ctx, (trx) =>
      trx.insertInto('market_data_state').values({ name: SIM_STATUS, value, updated_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now })).execute());
  }
}
