import type { Tx } from '../write-transaction.ts';

/** What changed on a futures position, as a hook sees it. */
export type FuturesActivityAction = 'open' | 'close' | 'partial_close' | 'stops' | 'liquidation';

export interface FuturesActivity {
  action: FuturesActivityAction;
  userId: number;
  positionId: number;
  /** Lots opened (open), closed (close, partial_close, liquidation); the position's lots for stops. */
  lots: number;
  /** The position's lots before this change (a partial close scales copies by lots / lotsBefore). */
  lotsBefore: number;
  /** partial_close: the closed row split off the position (close and liquidation close `positionId` itself). */
  closedPositionId?: number;
  /** The change was made for a copy (copy trading's own open): a hook must not mirror it again. */
  copy?: true;
}

/** Runs in the transaction of the change; throwing rolls the change back, so a hook records and returns. */
export type FuturesHook = (trx: Tx, activity: FuturesActivity) => Promise<void>;

/**
 * Hooks other modules add to futures (copy trading mirrors a trader's positions): each runs inside
 * the write transaction of an open, a close (manual, take-profit, stop-loss, liquidation), a
 * partial close or a stops change, after the change, so what a hook writes commits with it or not
 * at all. No hook: nothing runs.
 */
export class FuturesHooks {
  private readonly hooks: FuturesHook[] = [];

  add(hook: FuturesHook): () => void {
    this.hooks.push(hook);
    return () => {
      const at = this.hooks.indexOf(hook);
      if (at >= 0) this.hooks.splice(at, 1);
    };
  }

  async run(trx: Tx, activity: FuturesActivity): Promise<void> {
    for (const hook of this.hooks) await hook(trx, activity);
  }
}
