import type { AccountTransfer, FundAccount, TransferFee, UserTransfer } from '../../../contract/api/wallet.ts';
import type { Page } from '../../../contract/envelope.ts';
import { normaliseEmail } from '../../domain/account-target.ts';
import { emailCheckUserBucket } from '../../domain/login-rules.ts';
import { transferSplit } from '../../domain/fee-rules.ts';
import { COIN_ACCOUNT, accountChangePostings, userTransferPostings } from '../../domain/journal-builders.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { CurrencyRow, CurrencyService } from '../currency-service.ts';
import type { IdempotencyService, IdempotentCall } from '../ledger/idempotency-service.ts';
import type { LedgerReader } from '../ledger/ledger-reader.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { NO_MARGIN_GUARD, refusedMove, type MarginGuard } from './margin-guard.ts';
import type { SecuritySettingsService } from '../security-settings-service.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import type { ThrottleService } from '../throttle-service.ts';

export interface AccountChangeForm {
  currency: CurrencyRow;
  amountMinor: bigint;
  from: FundAccount;
  to: FundAccount;
}

export interface UserTransferForm {
  currency: CurrencyRow;
  amountMinor: bigint;
  /** The receiver's uid or email, as typed. */
  receiver: string;
  payPassword: string;
}

const amountText = (minor: bigint, currency: CurrencyRow | undefined) => minorToDecimal(minor, currency?.decimals ?? 0);

/** Transfers between a user's own fund accounts (/wallet/change) and to other users (/user/Transfer). */
export class TransferService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly ledger: LedgerService,
    private readonly reader: LedgerReader,
    private readonly currencies: CurrencyService,
    private readonly idempotency: IdempotencyService,
    private readonly security: SecuritySettingsService,
    private readonly throttle: ThrottleService,
    private readonly margins: MarginGuard = NO_MARGIN_GUARD,
  ) {}

  async accountChange(call: IdempotentCall, form: AccountChangeForm): Promise<Outcome<AccountTransfer>> {
    const replay = await this.idempotency.replay<AccountTransfer>(call);
    if (replay) return replay;
    if (form.from === form.to) return failure('WALLET.SAME_ACCOUNT', 'to_field');
    return this.idempotency.run(call, async (trx) => {
      const refused = await refusedMove(this.margins, trx, call.userId, form.from, form.currency.id, form.amountMinor, 'number');
      if (refused) return refused;
      const now = iso(this.ctx.clock.now());
      const row = await trx.insertInto('account_transfers').values({
        user_id: call.userId, currency_id: form.currency.id, amount_minor: form.amountMinor.toString(),
        from_account: form.from, to_account: form.to, journal_id: 0, created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const journal = await this.ledger.book(trx, {
        kind: 'account_transfer', userId: call.userId, refType: 'account_transfer', refId: row.id, reversesJournalId: null,
        postings: accountChangePostings(call.userId, form.currency.id, form.amountMinor, form.from, form.to),
      });
      if (!journal.ok) return { ...journal, field: 'number' };
      await trx.updateTable('account_transfers').set({ journal_id: journal.value }).where('id', '=', row.id).execute();
      return success({ id: row.id, currency: form.currency.symbol, amount: amountText(form.amountMinor, form.currency), from_account: form.from, to_account: form.to, created_at: now });
    });
  }

  /** What a transfer of this amount costs and delivers (shown before the user confirms). */
  fee(currency: CurrencyRow, amountMinor: bigint): Outcome<TransferFee> {
    const split = transferSplit(amountMinor);
    if (split.receive <= 0n) return failure('WALLET.AMOUNT_TOO_SMALL', 'amount');
    return success({ fee: amountText(split.fee, currency), receive: amountText(split.receive, currency) });
  }

  /**
   * Uids are handed out in order, so whether one exists is no secret; whether an email has an
   * account is, so looking one up costs the sender a slot of /user/check_email's ration.
   */
  private async receiverOf(raw: string, userId: number): Promise<Outcome<number>> {
    const text = raw.trim();
    const query = this.ctx.db.selectFrom('users').select('id');
    const found = (row: { id: number } | undefined): Outcome<number> => (row ? success(row.id) : failure('WALLET.RECEIVER_NOT_FOUND', 'account'));
    if (/^\d{1,9}$/.test(text)) return found(await query.where('id', '=', Number(text)).executeTakeFirst());
    const email = normaliseEmail(text);
    if (!email) return found(undefined);
    if (!(await this.throttle.consume([emailCheckUserBucket(userId)])).allowed) return failure('COMMON.RATE_LIMITED');
    return found(await query.where('email', '=', email).executeTakeFirst());
  }

  async userTransfer(call: IdempotentCall, form: UserTransferForm): Promise<Outcome<UserTransfer>> {
    const replay = await this.idempotency.replay<UserTransfer>(call);
    if (replay) return replay;
    const split = transferSplit(form.amountMinor);
    if (split.receive <= 0n) return failure('WALLET.AMOUNT_TOO_SMALL', 'amount');
    const balance = await this.reader.balance(call.userId, COIN_ACCOUNT, form.currency.id);
    if (balance.available < form.amountMinor) return failure('WALLET.INSUFFICIENT_BALANCE', 'amount');
    // The payment password before the receiver: a session alone (a borrowed phone, a stolen
    // token) must not learn which addresses have accounts.
    const password = await this.security.verifyPayPassword(call.userId, form.payPassword);
    if (!password.ok) return password;
    const found = await this.receiverOf(form.receiver, call.userId);
    if (!found.ok) return found;
    const receiver = found.value;
    if (receiver === call.userId) return failure('WALLET.SELF_TRANSFER', 'account');

    return this.idempotency.run(call, async (trx) => {
      const now = iso(this.ctx.clock.now());
      const row = await trx.insertInto('user_transfers').values({
        from_user_id: call.userId, to_user_id: receiver, currency_id: form.currency.id, amount_minor: form.amountMinor.toString(),
        fee_minor: split.fee.toString(), journal_id: 0, created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const journal = await this.ledger.book(trx, {
        kind: 'user_transfer', userId: call.userId, refType: 'user_transfer', refId: row.id, reversesJournalId: null,
        postings: userTransferPostings(call.userId, receiver, form.currency.id, form.amountMinor, split.fee),
      });
      if (!journal.ok) return { ...journal, field: 'amount' };
      await trx.updateTable('user_transfers').set({ journal_id: journal.value }).where('id', '=', row.id).execute();
      return success({
        id: row.id, currency: form.currency.symbol, amount: amountText(form.amountMinor, form.currency),
        fee: amountText(split.fee, form.currency), direction: 'out', counterparty_uid: receiver, created_at: now,
      });
    });
  }

  async accountTransfers(userId: number, paging: Paging): Promise<Page<AccountTransfer>> {
    const base = this.ctx.db.selectFrom('account_transfers').where('user_id', '=', userId);
    const rows = await base.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const currencies = await this.currencies.byId();
    return {
      page: paging.page, limit: paging.limit, total: Number(counted?.n ?? 0),
      data: rows.map((r) => ({
        id: r.id, currency: currencies.get(r.currency_id)?.symbol ?? '', amount: amountText(BigInt(r.amount_minor), currencies.get(r.currency_id)),
        from_account: r.from_account as FundAccount, to_account: r.to_account as FundAccount, created_at: r.created_at,
      })),
    };
  }

  /** Both directions, newest first; the receiver sees what arrived (amount - fee). */
  async userTransfers(userId: number, paging: Paging): Promise<Page<UserTransfer>> {
    const base = this.ctx.db.selectFrom('user_transfers').where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]));
    const rows = await base.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const currencies = await this.currencies.byId();
    return {
      page: paging.page, limit: paging.limit, total: Number(counted?.n ?? 0),
      data: rows.map((r) => {
        const out = r.from_user_id === userId;
        const currency = currencies.get(r.currency_id);
        const amount = BigInt(r.amount_minor);
        const fee = BigInt(r.fee_minor);
        return {
          id: r.id, currency: currency?.symbol ?? '', amount: amountText(out ? amount : amount - fee, currency),
          fee: amountText(out ? fee : 0n, currency), direction: out ? 'out' : 'in',
          counterparty_uid: out ? r.to_user_id : r.from_user_id, created_at: r.created_at,
        };
      }),
    };
  }
}
