import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/open-database.ts';
import { systemAccount, userAccount } from '../../server/domain/ledger.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { profitShareDue } from '../../server/modules/copytrade/rules.ts';
import type { CopyTables } from '../../server/modules/copytrade/schema.ts';
import { realisedOf } from '../../server/modules/copytrade/shares.ts';
import { systemClock } from '../../server/services/clock.ts';
import { LedgerService } from '../../server/services/ledger/ledger-service.ts';
import { hashPassword } from '../../server/services/password-hasher.ts';
import { UserService } from '../../server/services/user-service.ts';
import { writeTransaction } from '../../server/services/write-transaction.ts';
import { TEST_COST } from './helpers/money.ts';
import { crashDatabase } from './helpers/crash-database.ts';
import { killProcess, ok, startServerProcess, type ServerProcess } from './helpers/server-process.ts';

/**
 * Mirroring and profit share exactly once across a crash: a trader with 3,000 followers opens over
 * HTTP on the real server (its own process); the server is killed -9 while the copies are being
 * made, and started again. Then the mark rises, the trader closes, the server is killed -9 while the
 * closes are mirrored and started again. Every follower ends with exactly one copy, closed once,
 * exactly its profit share paid once (max(realised x 10 %, 0)), and the ledger check is clean.
 */
const FOLLOWERS = 3000;
const TRADER = 'crash-trader@example.com';

describe('copy trading across kill -9', () => {
  const store = crashDatabase('copy', { COPY_MIRROR_BATCH: '25' });
  const env = store.env;
  let handle: DbHandle;
  let child: ServerProcess | undefined;

  beforeAll(async () => {
    handle = await store.open();
    const ctx = { db: handle.db, dialect: handle.dialect, clock: systemClock, log: { info: () => undefined, warn: () => undefined } };
    const usdt = (await handle.db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow()).id;
    const hash = await hashPassword('secret-1', TEST_COST);
    const users = new UserService(ctx);
    const ids: number[] = [];
    for (let i = 0; i <= FOLLOWERS; i += 1) {
      const created = await users.create({ target: { kind: 'email', email: i === 0 ? TRADER : `copy-crash-${i}@example.com` }, passwordHash: hash, inviterId: null });
      if (!created.ok) throw new Error(created.code);
      ids.push(created.value);
    }
    const ledger = new LedgerService(ctx);
    const now = new Date().toISOString();
    await writeTransaction(ctx, async (trx) => {
      for (const userId of ids) {
        const funded = await ledger.book(trx, { kind: 'deposit', userId, refType: 'test', refId: null, reversesJournalId: null, postings: [
          { account: systemAccount('custody', usdt), bucket: 'available', amountMinor: -1000_000000n, kind: 'deposit' },
          { account: userAccount(userId, 'lever', usdt), bucket: 'available', amountMinor: 1000_000000n, kind: 'deposit' },
        ] });
        if (!funded.ok) throw new Error(funded.code);
      }
      const db = trx.withTables<CopyTables>();
      await db.insertInto('copy_traders').values({ user_id: ids[0]!, state: 'approved', profit_share_ppm: 100_000, max_followers: FOLLOWERS, introduction: '', bot: 0, applied_at: now, decided_at: now, updated_at: now }).execute();
      for (let start = 1; start < ids.length; start += 500) {
        await db.insertInto('copy_follows').values(ids.slice(start, start + 500).map((follower) => ({
          follower_id: follower, trader_user_id: ids[0]!, mode: 'multiple', number_units: 100, budget_minor: '500000000', profit_share_ppm: 100_000, shared_minor: '0', state: 'active', created_at: now, ended_at: null, updated_at: now,
        }))).execute();
      }
      await trx.insertInto('contract_mark_overrides').values({ symbol: 'BTC/USDT', price_ticks: '6000000000000', set_by: 'test', set_at: now }).execute();
    });
  }, 300_000);

  afterAll(async () => {
    await killProcess(child);
    await store.close();
  });

  const db = () => handle.db.withTables<CopyTables>();
  const count = async (action: string) => Number((await db().selectFrom('copy_events').select((eb) => eb.fn.countAll<string | number>().as('n')).where('action', '=', action).executeTakeFirstOrThrow()).n);
  async function waitFor(what: () => Promise<boolean>, timeoutMs: number, label: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${label}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('makes each copy once, closes it once and pays each profit share once when killed mid-run', async () => {
    child = await startServerProcess(env);
    const token = await ok<string>(child, '/api/user/login', { user_string: TRADER, password: 'secret-1', stay: '1' });
    const opened = await ok<{ position: { id: number } }>(child, '/api/lever/submit', { symbol: 'BTC/USDT', type: 'long', multiple: '10', lots: '2', idempotency_key: 'crash-open' }, token);
    await waitFor(async () => (await count('open')) > 0, 60_000, 'the first copies');
    await killProcess(child);
    const atKill = await count('open');
    expect(atKill).toBeLessThan(FOLLOWERS);

    child = await startServerProcess(env);
    await waitFor(async () => (await count('open')) === FOLLOWERS, 120_000, 'every copy');

    await db().updateTable('contract_mark_overrides').set({ price_ticks: '6100000000000' }).where('symbol', '=', 'BTC/USDT').execute();
    // The contracts' pass reads the override (it runs longer with thousands of positions open).
    await waitFor(async () => (await ok<{ mark_price: string | null }>(child!, '/api/lever/deal', { symbol: 'BTC/USDT' }, token)).mark_price === '61000', 120_000, 'the new mark');
    await ok(child, '/api/lever/close', { id: String(opened.position.id), idempotency_key: 'crash-close' }, token);
    await waitFor(async () => (await count('close')) > 0, 60_000, 'the first closes');
    await killProcess(child);
    expect(await count('close')).toBeLessThan(FOLLOWERS);

    child = await startServerProcess(env);
    const sharesDone = async () => Number((await handle.db.selectFrom('due_work').select((eb) => eb.fn.countAll<string | number>().as('n')).where('kind', '=', 'copytrade.share').where('state', '=', 'done').executeTakeFirstOrThrow()).n);
    await waitFor(async () => (await count('close')) === FOLLOWERS && (await sharesDone()) === FOLLOWERS, 180_000, 'every close and share');
    await killProcess(child);

    const events = await db().selectFrom('copy_events').select(['follow_id', 'action', 'outcome']).execute();
    const perFollow = new Map<number, string[]>();
    for (const e of events) perFollow.set(e.follow_id, [...(perFollow.get(e.follow_id) ?? []), `${e.action}:${e.outcome}`]);
    expect(perFollow.size).toBe(FOLLOWERS);
    expect([...perFollow.values()].every((list) => list.sort().join() === 'close:copied,open:copied')).toBe(true);
    const positions = await db().selectFrom('copy_positions').select('follow_id').execute();
    expect(positions).toHaveLength(FOLLOWERS);
    const journals = await handle.db.selectFrom('ledger_journals').select('ref_id').where('kind', '=', 'copytrade_share').execute();
    expect(journals).toHaveLength(FOLLOWERS);
    const follows = await db().selectFrom('copy_follows').selectAll().execute();
    for (const f of follows.slice(0, 50)) {
      const realised = await realisedOf(handle.db, f.id);
      expect(realised).toBeGreaterThan(0n);
      expect(BigInt(f.shared_minor)).toBe(profitShareDue(realised, f.profit_share_ppm, 0n));
    }
    expect((await checkLedger(handle)).problems).toEqual([]);
  }, 600_000);
});
