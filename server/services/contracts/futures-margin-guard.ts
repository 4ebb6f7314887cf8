import type { FundAccount } from '../../../contract/api/wallet.ts';
import type { MarginGuard } from '../wallet/margin-guard.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';
import type { FuturesReads } from './futures-reads.ts';
import { riskOf } from './futures-views.ts';
import { lockFuturesAccount } from './locked-balances.ts';
import { liveRowsOf } from './position-rows.ts';

/**
 * A lever or stock account with open positions may give up its available balance less the
 * positions' net unrealised loss at the marks: what is left (margins plus any profit) still carries them,
 * so a transfer or exchange out can never make the account liquidatable. Locks the account the way
 * every futures step does, so a close or the trigger loop cannot interleave.
 */
export class FuturesMarginGuard implements MarginGuard {
  constructor(private readonly ctx: ServiceContext, private readonly reads: FuturesReads) {}

  async movable(trx: Tx, userId: number, account: FundAccount, currencyId: number): Promise<bigint | null> {
    if (account !== 'lever' && account !== 'stock') return null;
    const key = { userId, account, currencyId } as const;
    await lockFuturesAccount(this.ctx, trx, key);
    const open = await liveRowsOf(trx, key, ['open']);
    if (open.length === 0) return null;
    const snapshot = await this.reads.snapshot(key, trx);
    const { unrealizedMinor } = riskOf(snapshot, open, this.reads.marks, 0);
    // A profit is not movable until realised, which the ledger's available already says.
    if (unrealizedMinor >= 0n) return null;
    const movable = snapshot.available + unrealizedMinor;
    return movable > 0n ? movable : 0n;
  }
}
