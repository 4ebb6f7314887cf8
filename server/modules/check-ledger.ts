import { checkLedgerWith, type LedgerReport } from '../services/ledger/ledger-check.ts';
import type { ServiceContext } from '../services/service-context.ts';
import { MODULES } from './modules.ts';

/** The ledger check against every module's holds, in one snapshot (ledger-check.ts). */
export function checkLedger(ctx: Pick<ServiceContext, 'db'>): Promise<LedgerReport> {
  return checkLedgerWith(ctx, MODULES.flatMap((m) => m.holds ?? []));
}
