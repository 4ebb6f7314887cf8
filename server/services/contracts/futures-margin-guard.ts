import type { FundAccount } from '../../../contract/api/wallet.ts';
import { userAccount } from '../../domain/ledger.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { MarginGuard } from '../wallet/margin-guard.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';
import type { FuturesReads } from './futures-reads.ts';
import { riskOf } from './futures-views.ts';
import { lockedBalances } from './locked-balances.ts';
import { liveRowsOf } from './position-rows.ts';

/**
 * A lever or stock account with open positions may give up its available balance less the
 * positions' net unrealised loss at the marks: what is left (margins plus any profit) still carries
 * them, so a transfer or exchange out can never make the account liquidatable. A position whose mark
 * is unknown (none yet, or a process that computes none) could hide any loss: nothing may leave then.
 *
 * Locks the user's own account row only, and only when it has open positions: the journal that
 * follows locks the system rows it touches in its own ordered statement, and locking the source
 * currency's house and fees rows here first made opposite exchanges deadlock on PostgreSQL.
 */
export class FuturesMarginGuard implements MarginGuard {
  constructor(private readonly ctx: ServiceContext, private readonly reads: FuturesReads) {}

  async movable(trx: Tx, userId: number, account: FundAccount, currencyId: number): Promise<Outcome<bigint | null>> {
    if (account !== 'lever' && account !== 'stock') return success(null);
    const key = { userId, account, currencyId } as const;
    if ((await liveRowsOf(trx, key, ['open'])).length === 0) return success(null);
    await lockedBalances(this.ctx, trx, [userAccount(userId, account, currencyId)]);
    // Read again under the lock: a position may have opened or closed meanwhile.
    const open = await liveRowsOf(trx, key, ['open']);
    if (open.length === 0) return success(null);
    const marks = this.reads.marks;
    if (open.some((row) => marks(row.symbol) === null)) return failure('CONTRACT.PRICE_UNAVAILABLE');
    const snapshot = await this.reads.snapshot(key, trx);
    const { unrealizedMinor } = riskOf(snapshot, open, marks, 0);
    // A profit is not movable until realised, which the ledger's available already says.
    if (unrealizedMinor >= 0n) return success(null);
    const movable = snapshot.available + unrealizedMinor;
    return success(movable > 0n ? movable : 0n);
  }
}
