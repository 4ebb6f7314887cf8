import type { Selectable } from 'kysely';
import type { Withdrawal, WithdrawalState } from '../../../contract/api/wallet.ts';
import type { Page } from '../../../contract/envelope.ts';
import type { WithdrawalsTable } from '../../db/money-schema.ts';
import { COIN_ACCOUNT, withdrawRequestPostings, withdrawSendPostings } from '../../domain/journal-builders.ts';
import { SYSTEM_USER_ID } from '../../domain/ledger.ts';
import { withdrawLimitProblem } from '../../domain/limit-rules.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, verifyRequired, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { CurrencyRow, CurrencyService, NetworkRow } from '../currency-service.ts';
import type { CustodyAdapter } from '../custody/custody-adapter.ts';
import type { IdempotencyService, IdempotentCall } from '../ledger/idempotency-service.ts';
import type { LedgerReader } from '../ledger/ledger-reader.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import { lockUser, writeTransaction } from '../write-transaction.ts';
import type { WithdrawForm, WithdrawPolicy } from './withdraw-policy.ts';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

export function withdrawalView(row: WithdrawalRow, currency: CurrencyRow | undefined, network: NetworkRow | undefined): Withdrawal {
  const decimals = currency?.decimals ?? 0;
  return {
    id: row.id,
    currency: currency?.symbol ?? '',
    network: network?.network ?? '',
    address: row.address,
    amount: minorToDecimal(BigInt(row.amount_minor), decimals),
    fee: minorToDecimal(BigInt(row.fee_minor), decimals),
    state: row.state as WithdrawalState,
    tx_hash: row.tx_hash,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Withdrawals: requested (amount + fee frozen by a journal) -> approved by an operator -> sent by
 * custody (frozen amount leaves, fee to the fee account) -> or rejected while pending (a reversing
 * journal unfreezes everything).
 */
export class WithdrawalService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly ledger: LedgerService,
    private readonly reader: LedgerReader,
    private readonly currencies: CurrencyService,
    private readonly custody: CustodyAdapter,
    private readonly idempotency: IdempotencyService,
    private readonly policy: WithdrawPolicy,
  ) {}

  async request(call: IdempotentCall, form: WithdrawForm): Promise<Outcome<Withdrawal>> {
    const replay = await this.idempotency.replay<Withdrawal>(call);
    if (replay) return replay;
    const checked = await this.policy.check(call.userId, form);
    if (!checked.ok) return checked;
    const { currency, network, address, fee, level } = checked.value;
    const balance = await this.reader.balance(call.userId, COIN_ACCOUNT, currency.id);
    if (balance.available < form.amountMinor + fee) return failure('WALLET.INSUFFICIENT_BALANCE', 'amount');
    const password = await this.policy.verifyPayPassword(call.userId, form.payPassword);
    if (!password.ok) return password;

    return this.idempotency.run(call, async (trx) => {
      await lockUser(trx, this.ctx.dialect, call.userId);
      const now = this.ctx.clock.now();
      const used = await this.policy.usedBtcMinor(call.userId, now, trx);
      const limit = withdrawLimitProblem(level, used, this.policy.btcEquivalent(form.amountMinor, currency));
      if (limit === 'verify') return verifyRequired();
      if (limit === 'limit') return failure('WALLET.WITHDRAW_LIMIT', 'amount');
      const row = await trx.insertInto('withdrawals').values({
        user_id: call.userId, currency_id: currency.id, network_id: network.id, address,
        amount_minor: form.amountMinor.toString(), fee_minor: fee.toString(), state: 'pending', tx_hash: '',
        freeze_journal_id: 0, settle_journal_id: null, decided_by: '', created_at: iso(now), updated_at: iso(now),
      }).returningAll().executeTakeFirstOrThrow();
      const journal = await this.ledger.book(trx, {
        kind: 'withdraw_request', userId: call.userId, refType: 'withdrawal', refId: row.id, reversesJournalId: null,
        postings: withdrawRequestPostings(call.userId, currency.id, form.amountMinor, fee),
      });
      if (!journal.ok) return { ...journal, field: 'amount' };
      const saved = await trx.updateTable('withdrawals').set({ freeze_journal_id: journal.value })
        .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
      return success(withdrawalView(saved, currency, network));
    });
  }

  /** Approves a pending withdrawal and hands it to custody; an approved one is retried. Ends 'sent'. */
  async approve(id: number, operator: string): Promise<Outcome<WithdrawalRow>> {
    const approved = await writeTransaction(this.ctx, async (trx) => {
      const now = iso(this.ctx.clock.now());
      await trx.updateTable('withdrawals').set({ state: 'approved', decided_by: operator, updated_at: now })
        .where('id', '=', id).where('state', '=', 'pending').execute();
      return trx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    });
    if (!approved) return failure('COMMON.NOT_FOUND', 'id');
    if (approved.state !== 'approved') return failure('WALLET.NOT_CHANGEABLE', 'id');
    const currency = (await this.currencies.byId()).get(approved.currency_id);
    const network = (await this.currencies.networksById()).get(approved.network_id);
    if (!currency || !network) throw new Error(`withdrawal ${id} names a missing currency or network`);
    const txHash = await this.custody.broadcast({
      withdrawalId: id, network, currency: currency.symbol, address: approved.address, amountMinor: BigInt(approved.amount_minor),
    });
    return writeTransaction(this.ctx, async (trx) => {
      const now = iso(this.ctx.clock.now());
      const claimed = await trx.updateTable('withdrawals').set({ state: 'sent', tx_hash: txHash, updated_at: now })
        .where('id', '=', id).where('state', '=', 'approved').executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return failure('WALLET.NOT_CHANGEABLE', 'id');
      const journal = await this.ledger.book(trx, {
        kind: 'withdraw_send', userId: SYSTEM_USER_ID, refType: 'withdrawal', refId: id, reversesJournalId: null,
        postings: withdrawSendPostings(approved.user_id, approved.currency_id, BigInt(approved.amount_minor), BigInt(approved.fee_minor)),
      });
      if (!journal.ok) throw new Error(`withdrawal ${id} could not be settled: ${journal.code}`);
      return success(await trx.updateTable('withdrawals').set({ settle_journal_id: journal.value })
        .where('id', '=', id).returningAll().executeTakeFirstOrThrow());
    });
  }

  /** Rejects a pending withdrawal: the freeze is reversed, amount and fee are available again. */
  async reject(id: number, operator: string): Promise<Outcome<WithdrawalRow>> {
    return writeTransaction(this.ctx, async (trx) => {
      const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return failure('COMMON.NOT_FOUND', 'id');
      // Only pending: an approved one may be on its way to the chain already.
      const claimed = await trx.updateTable('withdrawals').set({ state: 'rejected', decided_by: operator, updated_at: iso(this.ctx.clock.now()) })
        .where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return failure('WALLET.NOT_CHANGEABLE', 'id');
      const journal = await this.ledger.reverse(trx, row.freeze_journal_id, {
        kind: 'withdraw_reject', userId: SYSTEM_USER_ID, refType: 'withdrawal', refId: id,
      }, 'withdraw_refund');
      if (!journal.ok) throw new Error(`withdrawal ${id} could not be reversed: ${journal.code}`);
      return success(await trx.updateTable('withdrawals').set({ settle_journal_id: journal.value })
        .where('id', '=', id).returningAll().executeTakeFirstOrThrow());
    });
  }

  /** Withdrawals waiting for an operator (pending) or for custody (approved), oldest first. */
  open(): Promise<WithdrawalRow[]> {
    return this.ctx.db.selectFrom('withdrawals').selectAll().where('state', 'in', ['pending', 'approved']).orderBy('id').execute();
  }

  async list(userId: number, paging: Paging): Promise<Page<Withdrawal>> {
    const base = this.ctx.db.selectFrom('withdrawals').where('user_id', '=', userId);
    const rows = await base.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const currencies = await this.currencies.byId();
    const networks = await this.currencies.networksById();
    return {
      page: paging.page, limit: paging.limit, total: Number(counted?.n ?? 0),
      data: rows.map((r) => withdrawalView(r, currencies.get(r.currency_id), networks.get(r.network_id))),
    };
  }
}

