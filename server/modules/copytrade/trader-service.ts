import type { TraderSelf } from '../../../contract/api/copytrade.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import { writeTransaction, type Tx } from '../../services/write-transaction.ts';
import { USDT_DECIMALS } from './copy-views.ts';
import { refreshFigures } from './figures.ts';
import { DEFAULT_MAX_FOLLOWERS, DEFAULT_PROFIT_SHARE_PPM, fractionPpm, MAX_PROFIT_SHARE_PPM, ppmFraction } from './rules.ts';
import type { CopyTables } from './schema.ts';

const db = (trx: Tx) => trx.withTables<CopyTables>();

/** Becoming a trader: the application, an operator's decision (ops), the profit share the trader sets. */
export class TraderService {
  constructor(private readonly ctx: ServiceContext) {}

  async me(userId: number, trx: Tx = this.ctx.db): Promise<TraderSelf> {
    const row = await db(trx).selectFrom('copy_traders').selectAll().where('user_id', '=', userId).executeTakeFirst();
    const followers = await db(trx).selectFrom('copy_follows').select((eb) => eb.fn.countAll<string | number>().as('n')).where('trader_user_id', '=', userId).where('state', '=', 'active').executeTakeFirst();
    // Each follow's shared_minor moves with its share journal: its followers' follows, not every posting.
    const paid = await db(trx).selectFrom('copy_follows').select('shared_minor').where('trader_user_id', '=', userId).execute();
    const sum = paid.reduce((total, f) => total + BigInt(f.shared_minor), 0n);
    const state = row ? (row.state === 'approved' || row.state === 'pending' || row.state === 'rejected' ? row.state : 'none') : 'none';
    return {
      state, profit_share: ppmFraction(row?.profit_share_ppm ?? DEFAULT_PROFIT_SHARE_PPM), max_profit_share: ppmFraction(MAX_PROFIT_SHARE_PPM),
      max_followers: row?.max_followers ?? DEFAULT_MAX_FOLLOWERS, followers: Number(followers?.n ?? 0), shares_received: minorToDecimal(sum, USDT_DECIMALS),
      introduction: row?.introduction ?? '', applied_at: row?.applied_at ?? null, decided_at: row?.decided_at ?? null,
    };
  }

  /** Applies (again after a rejection); the agreement must be accepted. */
  async apply(userId: number, agreed: boolean, introduction: string): Promise<Outcome<TraderSelf>> {
    if (!agreed) return failure('COPYTRADE.AGREEMENT_REQUIRED', 'agree');
    return writeTransaction(this.ctx, async (trx) => {
      const row = await db(trx).selectFrom('copy_traders').select('state').where('user_id', '=', userId).executeTakeFirst();
      if (row?.state === 'approved') return failure('COPYTRADE.ALREADY_TRADER');
      if (row?.state === 'pending') return failure('COPYTRADE.ALREADY_APPLIED');
      const now = this.ctx.clock.now().toISOString();
      const values = { state: 'pending', introduction: introduction.trim(), applied_at: now, decided_at: null, updated_at: now };
      if (row) await db(trx).updateTable('copy_traders').set(values).where('user_id', '=', userId).execute();
      else await db(trx).insertInto('copy_traders').values({ user_id: userId, profit_share_ppm: DEFAULT_PROFIT_SHARE_PPM, max_followers: DEFAULT_MAX_FOLLOWERS, bot: 0, ...values }).execute();
      return success(await this.me(userId, trx));
    });
  }

  /** Only the share is taken from the request: no other field of the trader row can be set this way. */
  async setShare(userId: number, text: string): Promise<Outcome<TraderSelf>> {
    const ppm = fractionPpm(text);
    if (ppm === null || ppm > MAX_PROFIT_SHARE_PPM) return failure('COPYTRADE.PROFIT_SHARE_INVALID', 'profit_share');
    return writeTransaction(this.ctx, async (trx) => {
      const done = await db(trx).updateTable('copy_traders').set({ profit_share_ppm: ppm, updated_at: this.ctx.clock.now().toISOString() })
        .where('user_id', '=', userId).where('state', '=', 'approved').executeTakeFirst();
      if ((done.numUpdatedRows ?? 0n) !== 1n) return failure('COPYTRADE.NOT_A_TRADER');
      return success(await this.me(userId, trx));
    });
  }

  /** The figures now, outside the hourly schedule (an operator's command). */
  refreshFigures(): Promise<number> {
    return writeTransaction(this.ctx, (trx) => refreshFigures(trx, this.ctx.clock.now()));
  }

  /** An operator's decision on a pending application (or a change of quota); answers the new state. */
  async decide(userId: number, approve: boolean, maxFollowers?: number): Promise<Outcome<TraderSelf>> {
    return writeTransaction(this.ctx, async (trx) => {
      const row = await db(trx).selectFrom('copy_traders').select('state').where('user_id', '=', userId).executeTakeFirst();
      if (!row) return failure('COMMON.NOT_FOUND');
      const now = this.ctx.clock.now().toISOString();
      await db(trx).updateTable('copy_traders').set({
        state: approve ? 'approved' : 'rejected', decided_at: now, updated_at: now, ...(maxFollowers !== undefined ? { max_followers: maxFollowers } : {}),
      }).where('user_id', '=', userId).execute();
      return success(await this.me(userId, trx));
    });
  }
}
