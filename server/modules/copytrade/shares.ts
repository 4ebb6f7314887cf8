import type { Selectable } from 'kysely';
import type { FuturesPositionsTable } from '../../db/contracts-schema.ts';
import { userAccount, type PostingDraft } from '../../domain/ledger.ts';
import type { DueHandler, DueSchedule } from '../../services/due-work/due-work.ts';
import { lockedBalances } from '../../services/contracts/locked-balances.ts';
import type { LedgerService } from '../../services/ledger/ledger-service.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import type { Tx } from '../../services/write-transaction.ts';
import { profitShareDue } from './rules.ts';
import type { CopyTables } from './schema.ts';

export const SHARE_KIND = 'copytrade.share';
/** The journal kind in both users' bills, and its ref_type (ref_id: the follow). */
export const SHARE_JOURNAL = 'copytrade_share';
export const FOLLOW_REF = 'copy_follow';

/** A settlement check after copy `positionId` of follow `followId` closed, due at once; keyed by the copy, so scheduled once. */
export const shareDue = (followId: number, positionId: number, now: Date): DueSchedule => ({
  kind: SHARE_KIND, key: `follow:${followId}:copy:${positionId}`, dueAt: now, payload: { followId },
});

/** A closed trade's result after its fees; a loss beyond the account that insurance paid is not the trader's. */
export const tradeNetMinor = (row: Pick<Selectable<FuturesPositionsTable>, 'pnl_minor' | 'insurance_minor' | 'open_fee_minor' | 'close_fee_minor' | 'overnight_fee_minor'>): bigint =>
  BigInt(row.pnl_minor) + BigInt(row.insurance_minor) - BigInt(row.open_fee_minor) - BigInt(row.close_fee_minor) - BigInt(row.overnight_fee_minor);

export async function usdtId(trx: Tx): Promise<number> {
  const row = await trx.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Realised PnL of a follow's copies after fees: every closed copy (and part split off by a partial
 * close) that was not detached. A self-held position is the follower's own from then on.
 */
export async function realisedOf(trx: Tx, followId: number): Promise<bigint> {
  const row = await trx.withTables<CopyTables>().selectFrom('copy_follows').select('realised_minor').where('id', '=', followId).executeTakeFirst();
  return BigInt(row?.realised_minor ?? '0');
}

/** The same figure summed from the follow's history: what realised_minor must equal (the tests check it). */
export async function realisedFromHistory(trx: Tx, followId: number): Promise<bigint> {
  const rows = await trx.withTables<CopyTables>().selectFrom('copy_positions as c').innerJoin('futures_positions as f', 'f.id', 'c.position_id')
    .select(['f.pnl_minor', 'f.insurance_minor', 'f.open_fee_minor', 'f.close_fee_minor', 'f.overnight_fee_minor'])
    .where('c.follow_id', '=', followId).where('c.self_held', '=', 0).where('f.state', '=', 'closed').execute();
  return rows.reduce((sum, r) => sum + tradeNetMinor(r), 0n);
}

/**
 * Adds closed copy `positionId` to its follow's realised PnL, in the transaction that closed it.
 * Compare-and-set: a concurrent close of another copy of the follow makes this read again.
 */
export async function addRealised(trx: Tx, followId: number, positionId: number): Promise<void> {
  const position = await trx.selectFrom('futures_positions').select(['pnl_minor', 'insurance_minor', 'open_fee_minor', 'close_fee_minor', 'overnight_fee_minor'])
    .where('id', '=', positionId).where('state', '=', 'closed').executeTakeFirst();
  if (!position) return;
  const net = tradeNetMinor(position);
  const db = trx.withTables<CopyTables>();
  for (;;) {
    const follow = await db.selectFrom('copy_follows').select('realised_minor').where('id', '=', followId).executeTakeFirstOrThrow();
    const moved = await db.updateTable('copy_follows').set({ realised_minor: (BigInt(follow.realised_minor) + net).toString() })
      .where('id', '=', followId).where('realised_minor', '=', follow.realised_minor).executeTakeFirst();
    if ((moved.numUpdatedRows ?? 0n) === 1n) return;
  }
}

/** Copies of the follow still open: read from the follower's live positions, so the follow's closed history is never scanned. */
export async function openCopiesOf(trx: Tx, follow: { id: number; follower_id: number }): Promise<number> {
  const row = await trx.withTables<CopyTables>().selectFrom('futures_positions as f').select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('f.user_id', '=', follow.follower_id).where('f.state', 'in', ['open', 'pending'])
    .where((eb) => eb.exists(eb.selectFrom('copy_positions as c').select('c.position_id')
      .whereRef('c.position_id', '=', 'f.id').where('c.follow_id', '=', follow.id).where('c.self_held', '=', 0)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Settles a follow's profit share (Binance): due = max(realised x share - already shared, 0), paid
 * from the follower's lever account to the trader's, never more than the follower's available (what
 * is left stays due at the next settlement). Only when none of its copies is open, unless `always`
 * (on unfollow). `shared_minor` moves in the same transaction as the journal, so a share is paid once.
 */
export async function settleShare(ctx: Pick<ServiceContext, 'dialect' | 'clock'>, trx: Tx, ledger: LedgerService, followId: number, always: boolean): Promise<bigint> {
  const db = trx.withTables<CopyTables>();
  const follow = await db.selectFrom('copy_follows').selectAll().where('id', '=', followId).executeTakeFirst();
  if (!follow) return 0n;
  if (!always && (await openCopiesOf(trx, follow)) > 0) return 0n;
  const shared = BigInt(follow.shared_minor);
  const due = profitShareDue(await realisedOf(trx, followId), follow.profit_share_ppm, shared);
  if (due === 0n) return 0n;
  const currencyId = await usdtId(trx);
  const from = userAccount(follow.follower_id, 'lever', currencyId);
  const to = userAccount(follow.trader_user_id, 'lever', currencyId);
  const balances = await lockedBalances(ctx, trx, [from, to]);
  const available = balances.get(`${from.userId}:${from.name}:${from.currencyId}`)?.available ?? 0n;
  const pay = due < available ? due : available;
  if (pay <= 0n) return 0n;
  const postings: PostingDraft[] = [
    { account: from, bucket: 'available', amountMinor: -pay, kind: SHARE_JOURNAL },
    { account: to, bucket: 'available', amountMinor: pay, kind: SHARE_JOURNAL },
  ];
  const moved = await db.updateTable('copy_follows').set({ shared_minor: (shared + pay).toString(), updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', followId).where('shared_minor', '=', follow.shared_minor).executeTakeFirst();
  if ((moved.numUpdatedRows ?? 0n) !== 1n) return 0n;
  const journal = await ledger.book(trx, { kind: SHARE_JOURNAL, userId: follow.follower_id, refType: FOLLOW_REF, refId: followId, reversesJournalId: null, postings });
  if (!journal.ok) throw new Error(`profit share of follow ${followId} refused: ${journal.code}`);
  return pay;
}

export function shareHandler(ctx: ServiceContext, ledger: LedgerService): DueHandler {
  return {
    kind: SHARE_KIND,
    run: async (trx, item) => {
      await settleShare(ctx, trx, ledger, (item.payload as { followId: number }).followId, false);
      return { done: true };
    },
  };
}
