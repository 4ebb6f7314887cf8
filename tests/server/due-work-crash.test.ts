import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/open-database.ts';
import { systemClock } from '../../server/services/clock.ts';
import { DueWork } from '../../server/services/due-work/due-work.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { LedgerService } from '../../server/services/ledger/ledger-service.ts';
import { hashPassword } from '../../server/services/password-hasher.ts';
import { UserService } from '../../server/services/user-service.ts';
import { writeTransaction } from '../../server/services/write-transaction.ts';
import { CREDIT_KIND, creditHandler } from './helpers/due-credit.ts';
import { crashDatabase } from './helpers/crash-database.ts';
import { killProcess, startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { TEST_COST } from './helpers/money.ts';

/**
 * Exactly once across a crash: 10,000 items are due, the server (its own process, the real runner)
 * is killed -9 in the middle of the run, and restarted; every item has run once (one journal each,
 * the user credited exactly 10,000 times) and the ledger check is clean.
 */
const ITEMS = 10_000;
const AMOUNT_MINOR = 3n;
const RUN_ENTRY = 'tests/server/helpers/due-server.ts';

describe('due work across kill -9', () => {
  const db = crashDatabase('due', { LOG_LEVEL: 'warn' });
  const env = db.env;
  let handle: DbHandle;
  let child: ServerProcess | undefined;
  let userId = 0;
  let usdt = 0;

  beforeAll(async () => {
    handle = await db.open();
    const ctx = { db: handle.db, dialect: handle.dialect, clock: systemClock, log: { info: () => undefined, warn: () => undefined } };
    const created = await new UserService(ctx).create({ target: { kind: 'email', email: 'due-crash@example.com' }, passwordHash: await hashPassword('secret-1', TEST_COST), inviterId: null });
    if (!created.ok) throw new Error(created.code);
    userId = created.value;
    usdt = (await handle.db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow()).id;
    const due = new DueWork(ctx, [creditHandler(() => new LedgerService(ctx))]);
    const dueAt = new Date(Date.now() - 1000);
    await writeTransaction(ctx, async (trx) => {
      for (let i = 1; i <= ITEMS; i += 1) {
        await due.schedule(trx, { kind: CREDIT_KIND, key: `crash:${i}`, dueAt, payload: { userId, currencyId: usdt, amountMinor: AMOUNT_MINOR.toString() } });
      }
    });
  }, 120_000);

  afterAll(async () => {
    await killProcess(child);
    await db.close();
  });

  // This test's items only: the server's modules keep their own on the same schedule (overnight days).
  const doneCount = async () =>
    Number((await handle.db.selectFrom('due_work').select((eb) => eb.fn.countAll<string | number>().as('n')).where('kind', '=', CREDIT_KIND).where('state', '=', 'done').executeTakeFirstOrThrow()).n);

  async function waitFor(test: (done: number) => boolean, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const done = await doneCount();
      if (test(done)) return done;
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms; ${done} of ${ITEMS} done`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('runs each of 10,000 items exactly once when the server is killed mid-run and restarted', async () => {
    child = await startServerProcess(env, RUN_ENTRY);
    await waitFor((done) => done >= ITEMS / 10, 120_000);
    await killProcess(child);
    const atKill = await doneCount();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(ITEMS);

    child = await startServerProcess(env, RUN_ENTRY);
    await waitFor((done) => done === ITEMS, 300_000);
    await killProcess(child);

    const journals = await handle.db.selectFrom('ledger_journals').select(['ref_id']).where('kind', '=', 'due_test').execute();
    expect(journals).toHaveLength(ITEMS);
    expect(new Set(journals.map((j) => j.ref_id)).size).toBe(ITEMS);
    const account = await handle.db.selectFrom('ledger_accounts').select(['available_minor']).where('user_id', '=', userId).where('currency_id', '=', usdt).executeTakeFirstOrThrow();
    expect(BigInt(account.available_minor)).toBe(AMOUNT_MINOR * BigInt(ITEMS));
    const report = await checkLedger(handle);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    console.log(`due work: ${atKill} of ${ITEMS} done at the kill; all done once after the restart`);
  }, 480_000);
});
