import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/open-database.ts';
import { depositPostings } from '../../server/domain/journal-builders.ts';
import { SYSTEM_USER_ID } from '../../server/domain/ledger.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { EARN_SETTLE_KIND } from '../../server/modules/earn/earn-due.ts';
import { earnDb, EarnProducts, loadCoins } from '../../server/modules/earn/earn-products.ts';
import { EarnPurchase } from '../../server/modules/earn/earn-purchase.ts';
import { EarnSettlement } from '../../server/modules/earn/earn-settlement.ts';
import { ManualClock } from '../../server/services/clock.ts';
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
 * Settlement exactly once across a crash: 4,000 invest orders have matured with their fixing
 * known; the real server (its own process) settles them as due work and is killed -9 in the middle
 * of the run, then restarted. Every order is paid once: one settlement journal each, the users'
 * finance balances exactly the payouts, nothing left frozen, and the ledger check is clean.
 */
const USERS = 4;
const PER_USER = 1000;
const ORDERS = USERS * PER_USER;

describe('invest settlement across kill -9', () => {
  const db = crashDatabase('earn');
  const env = db.env;
  let handle: DbHandle;
  let child: ServerProcess | undefined;
  const users: number[] = [];
  let btc = 0;

  beforeAll(async () => {
    handle = await db.open();
    // Bought ten days ago: the 7-day product matured three days ago.
    const clock = new ManualClock(new Date(Date.now() - 10 * 86_400_000));
    const ctx = { db: handle.db, dialect: handle.dialect, clock, log: { info: () => undefined, warn: () => undefined } };
    const ledger = new LedgerService(ctx);
    const settlement = new EarnSettlement(ctx, ledger);
    const due = new DueWork(ctx, settlement.handlers);
    const purchase = new EarnPurchase(ctx, new EarnProducts(ctx), ledger, new IdempotencyService(ctx), due);
    const coins = await loadCoins(handle.db);
    btc = [...coins.values()].find((c) => c.symbol === 'BTC')?.id as number;
    const product = await earnDb(handle.db).selectFrom('invest_products').select('id').where('name', '=', 'BTC linked 7 days').executeTakeFirstOrThrow();
    for (let u = 0; u < USERS; u += 1) {
      const created = await new UserService(ctx).create({ target: { kind: 'email', email: `earn-crash-${u}@example.com` }, passwordHash: await hashPassword('secret-1', TEST_COST), inviterId: null });
      if (!created.ok) throw new Error(created.code);
      users.push(created.value);
      await writeTransaction(ctx, (trx) => ledger.book(trx, { kind: 'deposit', userId: SYSTEM_USER_ID, refType: 'test', refId: created.value, reversesJournalId: null, postings: depositPostings(created.value, btc, 10n ** 8n, 'financial') }));
      for (let batch = 0; batch < PER_USER; batch += 250) {
        await writeTransaction(ctx, async (trx) => {
          for (let i = 0; i < 250; i += 1) {
            const bought = await purchase.buyIn(trx, 'invest', created.value, { productId: product.id, num: '1' }, coins);
            if (!bought.ok) throw new Error(bought.code);
          }
        });
      }
    }
    const fixing = await earnDb(handle.db).selectFrom('earn_orders').select('fixing_at').distinct().execute();
    expect(fixing).toHaveLength(1);
    // Below the linked 62,000: every order is paid in BTC, 0.001 x (1 + 7 x 12 % / 365) = 0.00100230.
    await earnDb(handle.db).insertInto('earn_fixings').values({ symbol: 'BTC/USDT', fixing_at: fixing[0]?.fixing_at as string, price_ticks: '6100000000000', minutes: 30, created_at: new Date().toISOString() }).execute();
  }, 240_000);

  afterAll(async () => {
    await killProcess(child);
    await db.close();
  });

  const completed = async () =>
    Number((await earnDb(handle.db).selectFrom('earn_orders').select((eb) => eb.fn.countAll<string | number>().as('n')).where('state', '=', 'completed').executeTakeFirstOrThrow()).n);

  async function waitFor(test: (done: number) => boolean, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const done = await completed();
      if (test(done)) return done;
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms; ${done} of ${ORDERS} settled`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('pays each matured order exactly once when the server is killed mid-run and restarted', async () => {
    child = await startServerProcess(env);
    await waitFor((done) => done >= ORDERS / 20, 120_000);
    await killProcess(child);
    const atKill = await completed();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(ORDERS);

    child = await startServerProcess(env);
    await waitFor((done) => done === ORDERS, 300_000);
    await killProcess(child);

    const journals = await handle.db.selectFrom('ledger_journals').select('ref_id').where('kind', '=', 'invest_settle').execute();
    expect(journals).toHaveLength(ORDERS);
    expect(new Set(journals.map((j) => j.ref_id)).size).toBe(ORDERS);
    const dueDone = await handle.db.selectFrom('due_work').select('state').where('kind', '=', EARN_SETTLE_KIND).execute();
    expect(dueDone.every((d) => d.state === 'done')).toBe(true);
    for (const uid of users) {
      const account = await handle.db.selectFrom('ledger_accounts').select(['available_minor', 'frozen_minor']).where('user_id', '=', uid).where('name', '=', 'financial').where('currency_id', '=', btc).executeTakeFirstOrThrow();
      expect(BigInt(account.available_minor)).toBe(100_230n * BigInt(PER_USER));
      expect(account.frozen_minor).toBe('0');
    }
    const report = await checkLedger(handle);
    expect(report.problems).toEqual([]);
    console.log(`earn settlement: ${atKill} of ${ORDERS} settled at the kill; all settled once after the restart`);
  }, 480_000);
});
