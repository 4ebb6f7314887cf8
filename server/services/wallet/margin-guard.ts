import type { FundAccount } from '../../../contract/api/wallet.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Tx } from '../write-transaction.ts';

/**
 * What may leave an account that carries open futures positions. The ledger's own rule (available
 * covers it) is not enough there: available is not reduced by the positions' unrealised losses, so
 * moving it all out would leave the losses to the insurance account at the next liquidation.
 * Implemented by contracts (futures-margin-guard.ts); the wallet only asks.
 */
export interface MarginGuard {
  /**
   * Inside the caller's write transaction, with the account locked for it: the most of `currencyId`
   * that may leave `account` now, or null when nothing beyond the balance limits it; a refusal when
   * it cannot be known (a position without a price).
   */
  movable(trx: Tx, userId: number, account: FundAccount, currencyId: number): Promise<Outcome<bigint | null>>;
}

export const NO_MARGIN_GUARD: MarginGuard = { movable: () => Promise.resolve(success(null)) };

/**
 * The wallet's one question: may `amountMinor` leave? Null when it may; otherwise the refusal, named
 * after the form's amount field.
 */
export async function refusedMove(guard: MarginGuard, trx: Tx, userId: number, account: FundAccount, currencyId: number, amountMinor: bigint, field: string): Promise<Outcome<never> | null> {
  const movable = await guard.movable(trx, userId, account, currencyId);
  if (!movable.ok) return { ...movable, field };
  return movable.value !== null && amountMinor > movable.value ? failure('WALLET.POSITIONS_AT_LOSS', field) : null;
}
