import { systemAccount, userAccount } from '../../../server/domain/ledger.ts';
import { COIN_ACCOUNT } from '../../../server/domain/journal-builders.ts';
import type { DueHandler, DueResult } from '../../../server/services/due-work/due-work.ts';
import type { LedgerService } from '../../../server/services/ledger/ledger-service.ts';

/** What a test's due items carry: whom to credit, in what, and (recurring) how many periods. */
export interface CreditPayload {
  userId: number;
  currencyId: number;
  amountMinor: string;
  /** A recurring item schedules the next period (dayMs later) until this many have run. */
  periods?: number;
  period?: number;
  dayMs?: number;
}

export const CREDIT_KIND = 'test.credit';

/**
 * A due-work kind for tests: credits the user from custody with a journal referring to the item,
 * the way a dividend would, and (recurring) schedules its next period. `fail` makes a run throw
 * after the journal is booked, to prove that a failed run leaves nothing behind.
 */
export function creditHandler(ledger: () => LedgerService, fail: (key: string) => boolean = () => false): DueHandler {
  return {
    kind: CREDIT_KIND,
    async run(trx, item): Promise<DueResult> {
      const p = item.payload as CreditPayload;
      const amount = BigInt(p.amountMinor);
      const booked = await ledger().book(trx, {
        kind: 'due_test', userId: p.userId, refType: 'due_work', refId: item.id, reversesJournalId: null,
        postings: [
          { account: systemAccount('custody', p.currencyId), bucket: 'available', amountMinor: -amount, kind: 'due_test' },
          { account: userAccount(p.userId, COIN_ACCOUNT, p.currencyId), bucket: 'available', amountMinor: amount, kind: 'due_test' },
        ],
      });
      if (!booked.ok) throw new Error(`credit refused: ${booked.code}`);
      if (fail(item.key)) throw new Error(`planned failure of ${item.key}`);
      const period = p.period ?? 1;
      if (!p.periods || period >= p.periods) return { done: true };
      const dayMs = p.dayMs ?? 86_400_000;
      const base = item.key.replace(/:\d+$/, '');
      return { done: true, next: [{ kind: CREDIT_KIND, key: `${base}:${period + 1}`, dueAt: new Date(item.dueAt.getTime() + dayMs), payload: { ...p, period: period + 1 } }] };
    },
  };
}
