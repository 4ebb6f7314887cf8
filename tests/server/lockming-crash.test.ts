import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/open-database.ts';
import { systemAccount, userAccount } from '../../server/domain/ledger.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { DIVIDEND_KIND } from '../../server/modules/lockming/dividend-step.ts';
import { lockDueHandlers } from '../../server/modules/lockming/dividends.ts';
import { LockService } from '../../server/modules/lockming/lock-service.ts';
import { createProduct } from '../../server/modules/lockming/product-admin.ts';
import { dailyDividendMinor, DAY_MS, daysDue } from '../../server/modules/lockming/rules.ts';
import type { LockTables } from '../../server/modules/lockming/schema.ts';
import { ManualClock, systemClock } from '../../server/services/clock.ts';
import { DueWork } from '../../server/services/due-work/due-work.ts';
import { IdempotencyService } from '../../server/services/ledger/idempotency-service.ts';
import { LedgerService } from '../../server/services/ledger/ledger-service.ts';
import { hashPassword } from '../../server/services/password-hasher.ts';
import { UserService } from '../../server/services/user-service.ts';
import { writeTransaction } from '../../server/services/write-transaction.ts';
import { TEST_COST } from './helpers/money.ts';
import { crashDatabase } from './helpers/crash-database.ts';
import { killProcess, startServerProcess, type ServerProcess } from './helpers/server-process.ts';

/**
 * Dividends exactly once across a crash: 1,500 lock orders made three days and an hour ago (10-day
 * product, 0.3 % a day, dividends at 00:00 UTC), so three or four dividends each are due at once. The
 * real server (main.ts, its own process, the real due runner) is killed -9 in the middle of paying
 * them and started again; every order ends with exactly the days due paid once (one journal each),
 * the house paid exactly their sum, and the ledger check is clean.
 */
const ORDERS = 1500;
const USERS = 10;
const PRINCIPAL_MINOR = 1000_000000n;
const YIELD_PPM = 3000;

describe('lock mining dividends across kill -9', () => {
  const db = crashDatabase('lock');
  const env = db.env;
  let handle: DbHandle;
  let child: ServerProcess | undefined;
  let usdt = 0;
  let lockedAtMs = 0;
  let expectedDays = 0;
  let houseBefore = 0n;
  const houseBalance = async () =>
    BigInt((await handle.db.selectFrom('ledger_accounts').select('available_minor').where('user_id', '=', 0).where('name', '=', 'house').where('currency_id', '=', usdt).executeTakeFirst())?.available_minor ?? '0');

  beforeAll(async () => {
    handle = await db.open();
    // The locks happen in the past, on a clock of their own.
    lockedAtMs = Date.now() - 3 * DAY_MS - 3_600_000;
    const log = { info: () => undefined, warn: () => undefined };
    const ctx = { db: handle.db, dialect: handle.dialect, clock: new ManualClock(new Date(lockedAtMs)), log };
    const ledger = new LedgerService(ctx);
    const lock = new LockService(ctx, ledger, new IdempotencyService(ctx), new DueWork(ctx, lockDueHandlers(ctx, ledger)));
    usdt = (await handle.db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow()).id;
    const productId = await createProduct(handle.db, {
      category: 'lock', currencyId: usdt, minMinor: 1n, maxMinor: null, dailyYieldPpm: YIELD_PPM, lockDays: 10, dividendMinute: 0, penaltyRatePpm: 4000, expiryDate: '2099-12-31', sort: 9,
    }, new Date(lockedAtMs).toISOString());
    const users: number[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const created = await new UserService({ ...ctx, clock: systemClock }).create({ target: { kind: 'email', email: `lock-crash-${i}@example.com` }, passwordHash: await hashPassword('secret-1', TEST_COST), inviterId: null });
      if (!created.ok) throw new Error(created.code);
      users.push(created.value);
    }
    await writeTransaction(ctx, async (trx) => {
      for (const userId of users) {
        const funded = await ledger.book(trx, {
          kind: 'deposit', userId, refType: 'test', refId: null, reversesJournalId: null,
          postings: [
            { account: systemAccount('custody', usdt), bucket: 'available', amountMinor: -PRINCIPAL_MINOR * BigInt(ORDERS), kind: 'deposit' },
            { account: userAccount(userId, 'mining', usdt), bucket: 'available', amountMinor: PRINCIPAL_MINOR * BigInt(ORDERS), kind: 'deposit' },
          ],
        });
        if (!funded.ok) throw new Error(funded.code);
      }
    });
    for (let i = 0; i < ORDERS; i += 1) {
      const userId = users[i % USERS]!;
      const locked = await lock.lock({ userId, endpoint: 'lh/deposit', key: randomUUID(), fields: { n: String(i) } }, productId, PRINCIPAL_MINOR);
      if (!locked.ok) throw new Error(locked.code);
    }
    houseBefore = await houseBalance();
    expectedDays = daysDue({ lockedAtMs, dividendMinute: 0, lockDays: 10 }, Date.now());
  }, 300_000);

  afterAll(async () => {
    await killProcess(child);
    await db.close();
  });

  const paidCount = async () =>
    Number((await handle.db.selectFrom('due_work').select((eb) => eb.fn.countAll<string | number>().as('n')).where('kind', '=', DIVIDEND_KIND).where('state', '=', 'done').executeTakeFirstOrThrow()).n);

  async function waitFor(test: (done: number) => boolean, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const done = await paidCount();
      if (test(done)) return done;
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms; ${done} dividends done`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('pays every due dividend exactly once when the server is killed mid-run and restarted', async () => {
    expect(expectedDays).toBeGreaterThanOrEqual(3);
    const total = ORDERS * expectedDays;
    child = await startServerProcess(env);
    await waitFor((done) => done >= total / 10, 120_000);
    await killProcess(child);
    const atKill = await paidCount();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(total);

    child = await startServerProcess(env);
    await waitFor((done) => done === total, 300_000);
    await killProcess(child);

    const db = handle.db.withTables<LockTables>();
    const orders = await db.selectFrom('lockming_orders').select(['id', 'days_paid', 'dividends_minor', 'state']).execute();
    expect(orders).toHaveLength(ORDERS);
    const daily = dailyDividendMinor(PRINCIPAL_MINOR, YIELD_PPM);
    for (const o of orders) expect([o.state, o.days_paid, o.dividends_minor]).toEqual(['locked', expectedDays, (daily * BigInt(expectedDays)).toString()]);
    const journals = await handle.db.selectFrom('ledger_journals').select(['ref_id']).where('kind', '=', 'lockming_dividend').execute();
    expect(journals).toHaveLength(total);
    const perOrder = new Map<number, number>();
    for (const j of journals) perOrder.set(j.ref_id ?? 0, (perOrder.get(j.ref_id ?? 0) ?? 0) + 1);
    expect([...perOrder.values()].every((n) => n === expectedDays)).toBe(true);
    expect((await houseBalance()) - houseBefore).toBe(-daily * BigInt(total));
    // The next day of each order is on the schedule, not yet due.
    const next = await handle.db.selectFrom('due_work').select((eb) => eb.fn.countAll<string | number>().as('n')).where('kind', '=', DIVIDEND_KIND).where('state', '=', 'pending').executeTakeFirstOrThrow();
    expect(Number(next.n)).toBe(ORDERS);
    const report = await checkLedger(handle);
    expect(report.problems).toEqual([]);
    console.log(`lock mining: ${atKill} of ${total} dividends paid at the kill; all paid once after the restart`);
  }, 480_000);
});
