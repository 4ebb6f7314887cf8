import { checkLedger } from '../../modules/check-ledger.ts';
import { MODULES } from '../../modules/modules.ts';
import { OpsError, type OpsContext } from './ops-context.ts';

export async function ledgerCheck(ctx: OpsContext): Promise<string> {
  const report = await checkLedger(ctx);
  const summary = `${report.journals} journals, ${report.postings} postings, ${report.accounts} accounts`;
  if (!report.ok) throw new OpsError(`ledger check FAILED (${summary}):\n  ${report.problems.join('\n  ')}`);
  return `ledger ok: ${summary}, read in one snapshot; every journal sums to zero per currency, replayed postings equal the stored balances, no negative user balance, frozen equals what the products hold (${MODULES.flatMap((m) => m.holds ?? []).map((h) => h.what).join(', ')})`;
}
