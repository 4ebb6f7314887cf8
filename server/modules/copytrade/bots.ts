import { randomInt } from 'node:crypto';
import { depositPostings } from '../../domain/journal-builders.ts';
import { makeInviteCode } from '../../domain/invite-code.ts';
import { SYSTEM_USER_ID } from '../../domain/ledger.ts';
import type { Contracts } from '../../services/contracts/contracts-module.ts';
import type { DueWork } from '../../services/due-work/due-work.ts';
import type { LedgerService } from '../../services/ledger/ledger-service.ts';
import type { Log, ServiceContext } from '../../services/service-context.ts';
import { writeTransaction, type Tx } from '../../services/write-transaction.ts';
import { FIGURES_KIND } from './figures.ts';
import { DEFAULT_MAX_FOLLOWERS } from './rules.ts';
import type { CopyTables } from './schema.ts';
import { usdtId } from './shares.ts';

/**
 * The simulator's copy trading: a few bot traders with bot followers, so the screens are alive at
 * first start. They are made (once: users.email is unique) and funded (once: the funding journal is
 * looked up first) where the simulator runs, and trade real futures through the futures service,
 * which the mirror copies like anyone's. SIMULATOR=off: none of this exists.
 */
export const BOT_TRADERS = [
  { email: 'atlas.quant@bots.brisk.invalid', nickname: 'Atlas Quant', share: 100_000, intro: 'Trend following on majors, small sizes.' },
  { email: 'nova.swing@bots.brisk.invalid', nickname: 'Nova Swing', share: 80_000, intro: 'Swing trades on BTC and ETH with stops.' },
  { email: 'kite.scalper@bots.brisk.invalid', nickname: 'Kite Scalper', share: 150_000, intro: 'Short holds, partial profit taking.' },
] as const;
const FOLLOWERS_PER_TRADER = 4;
const BOT_FUNDS_KIND = 'copytrade_bot_funds';
const TRADER_FUNDS_MINOR = 50_000_000_000n; // 50,000 USDT
const FOLLOWER_FUNDS_MINOR = 5_000_000_000n; // 5,000 USDT
const NO_PASSWORD = 'disabled'; // matches no password: bots never sign in
const SYMBOLS = ['BTC/USDT', 'ETH/USDT'] as const;
const TICK_MS = 15_000;

async function botUser(trx: Tx, email: string, nickname: string, now: string): Promise<number> {
  await trx.insertInto('users').values({
    email, area_code: null, phone: null, password_hash: NO_PASSWORD, nickname, signature: '', avatar: '', extension_code: makeInviteCode(randomInt),
    inviter_id: null, real_state: 0, created_at: now, updated_at: now,
  }).onConflict((oc) => oc.column('email').doNothing()).execute();
  return (await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

async function fund(trx: Tx, ledger: LedgerService, userId: number, currencyId: number, amount: bigint): Promise<void> {
  const done = await trx.selectFrom('ledger_journals').select('id').where('kind', '=', BOT_FUNDS_KIND).where('ref_type', '=', 'user').where('ref_id', '=', userId).executeTakeFirst();
  if (done) return;
  const booked = await ledger.book(trx, { kind: BOT_FUNDS_KIND, userId: SYSTEM_USER_ID, refType: 'user', refId: userId, reversesJournalId: null, postings: depositPostings(userId, currencyId, amount, 'lever') });
  if (!booked.ok) throw new Error(`copy trading bot funds refused: ${booked.code}`);
}

/** Makes the bots, their follows and their funds unless there; answers the bot traders' ids. */
export async function ensureBots(ctx: ServiceContext, ledger: LedgerService, dueWork: DueWork): Promise<number[]> {
  return writeTransaction(ctx, async (trx) => {
    const db = trx.withTables<CopyTables>();
    const now = ctx.clock.now().toISOString();
    const currencyId = await usdtId(trx);
    const traders: number[] = [];
    let created = false;
    for (const [index, bot] of BOT_TRADERS.entries()) {
      const id = await botUser(trx, bot.email, bot.nickname, now);
      traders.push(id);
      await fund(trx, ledger, id, currencyId, TRADER_FUNDS_MINOR);
      const inserted = await db.insertInto('copy_traders').values({
        user_id: id, state: 'approved', profit_share_ppm: bot.share, max_followers: DEFAULT_MAX_FOLLOWERS, introduction: bot.intro, bot: 1, applied_at: now, decided_at: now, updated_at: now,
      }).onConflict((oc) => oc.column('user_id').doNothing()).executeTakeFirst();
      created ||= Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
      for (let n = 1; n <= FOLLOWERS_PER_TRADER; n += 1) {
        const follower = await botUser(trx, `follower-${index + 1}-${n}@bots.brisk.invalid`, `Copier ${index + 1}${n}`, now);
        await fund(trx, ledger, follower, currencyId, FOLLOWER_FUNDS_MINOR);
        const follows = await db.selectFrom('copy_follows').select('id').where('follower_id', '=', follower).executeTakeFirst();
        if (!follows) {
          await db.insertInto('copy_follows').values({
            follower_id: follower, trader_user_id: id, mode: n % 2 === 0 ? 'lots' : 'multiple', number_units: n % 2 === 0 ? 1 : 50 * n, budget_minor: '2000000000',
            profit_share_ppm: bot.share, shared_minor: '0', state: 'active', created_at: now, ended_at: null, updated_at: now,
          }).execute();
        }
      }
    }
    // First start: the ranking shows figures a few minutes in rather than at the next hour.
    if (created) await dueWork.schedule(trx, { kind: FIGURES_KIND, key: 'first-start', dueAt: new Date(ctx.clock.now().getTime() + 3 * 60_000) });
    return traders;
  });
}

/** One bot trader's move: open when it holds little, else close all, close part, or move its stops. */
async function move(contracts: Contracts, traderId: number): Promise<void> {
  const open = await contracts.futures.dealAll(traderId, 'lever', undefined);
  const positions = open.ok ? open.value.positions.filter((p) => p.state === 'open') : [];
  const call = { userId: traderId, endpoint: 'copytrade/bot', key: null, fields: {} };
  const roll = randomInt(100);
  if (positions.length < 2 && roll < 60) {
    const symbol = await contracts.directory.find({ symbol: SYMBOLS[randomInt(SYMBOLS.length)]! });
    if (!symbol.ok) return;
    const multiples = symbol.value.terms.multiples.filter((m) => m <= 20);
    await contracts.futures.submit(call, {
      symbol: symbol.value, side: randomInt(2) === 0 ? 'long' : 'short', multiple: multiples[randomInt(multiples.length)] ?? symbol.value.terms.multiples[0]!,
      lots: 2 + randomInt(5), orderType: 'market', limitTicks: null, tpTicks: null, slTicks: null,
    });
    return;
  }
  const target = positions[randomInt(Math.max(positions.length, 1))];
  if (!target) return;
  if (roll < 75 && target.lots > 1) await contracts.futures.closeLots(call, target.id, Math.max(1, Math.floor(target.lots / 2)));
  else if (roll < 85 && target.open_price !== null) {
    // Stops 5 % either side of the open price, in its tick grid.
    const symbol = await contracts.directory.find({ symbol: target.symbol });
    const mark = contracts.reads.marks(target.symbol);
    if (!symbol.ok || mark === null) return;
    const step = symbol.value.tickTicks;
    const away = ((mark / 20n) / step) * step;
    const up = mark + away;
    const down = mark - away;
    await contracts.futures.setStops(call, target.id, target.type === 'long' ? { tpTicks: up, slTicks: down } : { tpTicks: down, slTicks: up });
  } else await contracts.futures.close(call, target.id);
}

/** The bots' loop on the engine's process: each bot trader moves about every TICK_MS. */
export function startBots(ctx: ServiceContext, contracts: Contracts, ledger: LedgerService, dueWork: DueWork, log: Log): { stop(): Promise<void> } {
  let traders: number[] = [];
  let running: Promise<void> | null = null;
  const ready = ensureBots(ctx, ledger, dueWork).then((ids) => { traders = ids; }, (error: unknown) => log.warn({ err: error }, 'copy trading bots not made'));
  const timer = setInterval(() => {
    if (running || traders.length === 0) return;
    running = (async () => {
      for (const id of traders) if (randomInt(3) > 0) await move(contracts, id);
    })().catch((error: unknown) => log.warn({ err: error }, 'copy trading bot move failed')).finally(() => { running = null; });
  }, TICK_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await ready;
      await running;
    },
  };
}
