import type { Selectable } from 'kysely';
import type { ChargeRequest, ChargeState, FundAccount } from '../../../contract/api/wallet.ts';
import type { ChargeRequestsTable } from '../../db/money-schema.ts';
import { depositPostings } from '../../domain/journal-builders.ts';
import { SYSTEM_USER_ID } from '../../domain/ledger.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { CurrencyRow, CurrencyService } from '../currency-service.ts';
import type { IdentityService } from '../identity-service.ts';
import type { IdempotencyService, IdempotentCall } from '../ledger/idempotency-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import { lockUser, writeTransaction } from '../write-transaction.ts';
import { checkFiatLimit } from './exchange-service.ts';

export type ChargeRow = Selectable<ChargeRequestsTable>;

/**
 * A request costs nothing until an operator acts on it, so without a cap one account could queue
 * rows without end (and bury the operators' pending list, which is not paged).
 */
export const CHARGES_PENDING_MAX = 10;

export interface ChargeForm {
  currency: CurrencyRow;
  amountMinor: bigint;
  account: FundAccount;
  payType: ChargeRequest['pay_type'];
}

export const chargeView = (row: ChargeRow, currency: CurrencyRow | undefined): ChargeRequest => ({
  id: row.id,
  currency: currency?.symbol ?? '',
  amount: minorToDecimal(BigInt(row.amount_minor), currency?.decimals ?? 0),
  account: row.account as FundAccount,
  pay_type: row.pay_type as ChargeRequest['pay_type'],
  state: row.state as ChargeState,
  created_at: row.created_at,
});

/**
 * Fiat top-ups (/wallet/charge_req): the user says what they will pay by bank; the request waits,
 * pending, until an operator sees the money arrive and credits it (ops charge-credit) or rejects it.
 * Nothing is booked until then: a request is a promise, not money.
 */
export class ChargeService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly ledger: LedgerService,
    private readonly currencies: CurrencyService,
    private readonly identity: IdentityService,
    private readonly idempotency: IdempotencyService,
  ) {}

  async request(call: IdempotentCall, form: ChargeForm): Promise<Outcome<ChargeRequest>> {
    const replay = await this.idempotency.replay<ChargeRequest>(call);
    if (replay) return replay;
    const limit = await checkFiatLimit(this.currencies, this.identity, call.userId, form.currency, form.amountMinor);
    if (!limit.ok) return limit;
    return this.idempotency.run(call, async (trx) => {
      // Under the user's lock: parallel requests cannot all pass the count before any is inserted.
      await lockUser(trx, this.ctx.dialect, call.userId);
      const waiting = await trx.selectFrom('charge_requests').select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', call.userId).where('state', '=', 'pending').executeTakeFirst();
      if (Number(waiting?.n ?? 0) >= CHARGES_PENDING_MAX) return failure('WALLET.CHARGES_PENDING');
      const now = iso(this.ctx.clock.now());
      const row = await trx.insertInto('charge_requests').values({
        user_id: call.userId, currency_id: form.currency.id, account: form.account, amount_minor: form.amountMinor.toString(),
        pay_type: form.payType, state: 'pending', journal_id: null, decided_by: '', created_at: now, updated_at: now,
      }).returningAll().executeTakeFirstOrThrow();
      return success(chargeView(row, form.currency));
    });
  }

  pending(): Promise<ChargeRow[]> {
    return this.ctx.db.selectFrom('charge_requests').selectAll().where('state', '=', 'pending').orderBy('id').execute();
  }

  /** The operator saw the money arrive: credit the requested account (custody mirrors it). */
  async credit(id: number, operator: string): Promise<Outcome<ChargeRow>> {
    return writeTransaction(this.ctx, async (trx) => {
      const row = await trx.selectFrom('charge_requests').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return failure('COMMON.NOT_FOUND', 'id');
      const now = iso(this.ctx.clock.now());
      const claimed = await trx.updateTable('charge_requests').set({ state: 'credited', decided_by: operator, updated_at: now })
        .where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return failure('WALLET.NOT_CHANGEABLE', 'id');
      const journal = await this.ledger.book(trx, {
        kind: 'charge_credit', userId: SYSTEM_USER_ID, refType: 'charge', refId: id, reversesJournalId: null,
        postings: depositPostings(row.user_id, row.currency_id, BigInt(row.amount_minor), row.account as FundAccount),
      });
      if (!journal.ok) throw new Error(`charge ${id} could not be booked: ${journal.code}`);
      return success(await trx.updateTable('charge_requests').set({ journal_id: journal.value }).where('id', '=', id).returningAll().executeTakeFirstOrThrow());
    });
  }

  async reject(id: number, operator: string): Promise<Outcome<ChargeRow>> {
    const row = await this.ctx.db.updateTable('charge_requests').set({ state: 'rejected', decided_by: operator, updated_at: iso(this.ctx.clock.now()) })
      .where('id', '=', id).where('state', '=', 'pending').returningAll().executeTakeFirst();
    if (row) return success(row);
    const exists = await this.ctx.db.selectFrom('charge_requests').select('id').where('id', '=', id).executeTakeFirst();
    return failure(exists ? 'WALLET.NOT_CHANGEABLE' : 'COMMON.NOT_FOUND', 'id');
  }
}
