import type { DueWork } from '../../services/due-work/due-work.ts';
import type { FuturesActivity, FuturesHook } from '../../services/contracts/futures-hooks.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import type { Tx } from '../../services/write-transaction.ts';
import type { CopyTables } from './schema.ts';
import { addRealised, shareDue } from './shares.ts';
import { addOwnTrade } from './trade-totals.ts';

const ENDS = new Set(['close', 'liquidation']);

/**
 * The futures hook, inside the transaction of every futures change:
 *  - an approved trader's own position: the change is written to copy_activity with it, so it is
 *    mirrored (after the commit, by the mirror) if and only if it happened;
 *  - a copy that closed, whole or a part (which stays a copy): unless self-held, its result is added
 *    to its follow's realised PnL and the follow's profit share is put on the due-work schedule,
 *    which settles it once none of the follow's copies is open;
 *  - anyone's own position that closed (whole or a part): added to the user's trade totals, the
 *    all-time figures of a trader (trade-totals.ts).
 * Copies never mirror further. `nudge` wakes the mirror once the transaction has had time to commit.
 */
export function copyHook(ctx: ServiceContext, dueWork: DueWork, nudge: () => void): FuturesHook {
  return async (trx: Tx, activity: FuturesActivity) => {
    if (activity.copy) return;
    const db = trx.withTables<CopyTables>();
    const closedId = ENDS.has(activity.action) ? activity.positionId : activity.closedPositionId;
    const copy = await db.selectFrom('copy_positions').selectAll().where('position_id', '=', activity.positionId).executeTakeFirst();
    if (copy) {
      if (closedId === undefined) return;
      // A part split off a copy (by the mirror or by its follower) stays a copy, self-held or not.
      if (closedId !== copy.position_id) {
        await db.insertInto('copy_positions').values({ ...copy, position_id: closedId, closed_lots: 0, created_at: ctx.clock.now().toISOString() }).execute();
      }
      if (copy.self_held === 0) {
        await addRealised(trx, copy.follow_id, closedId);
        await dueWork.schedule(trx, shareDue(copy.follow_id, closedId, ctx.clock.now()));
      }
      return;
    }
    if (closedId !== undefined) await addOwnTrade(trx, activity.userId, closedId, ctx.clock.now().toISOString());
    const trader = await db.selectFrom('copy_traders').select('id').where('user_id', '=', activity.userId).where('state', '=', 'approved').executeTakeFirst();
    if (!trader) return;
    const position = await trx.selectFrom('futures_positions').select(['symbol', 'side']).where('id', '=', activity.positionId).executeTakeFirstOrThrow();
    await db.insertInto('copy_activity').values({
      trader_user_id: activity.userId, position_id: activity.positionId, action: activity.action, lots: activity.lots, lots_before: activity.lotsBefore,
      symbol: position.symbol, side: position.side, done: 0, at: ctx.clock.now().toISOString(),
    }).execute();
    setImmediate(nudge);
  };
}
