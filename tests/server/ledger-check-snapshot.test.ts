import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../server/db/open-database.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { loadConfig } from '../../server/src/config.ts';
import { fund, makeUser, type TestUser } from './helpers/money.ts';
import { cancel, trade } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The ledger check reads one snapshot: 100 checks on a connection of their own, as the ops CLI
 * makes them, while two users trade and cancel against each other (holds, fills and journals
 * changing all the time) find nothing, and a balance broken by hand is still caught.
 */
const CHECKS = 100;

describe('ledger check under load', () => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let operator: DbHandle;

  beforeAll(async () => {
    t = await startTestServer();
    alice = await makeUser(t, 'check-alice@example.com');
    bob = await makeUser(t, 'check-bob@example.com');
    await fund(t, alice.uid, 'USDT', '100000');
    await fund(t, bob.uid, 'BTC', '10');
    operator = openDatabase(loadConfig(t.dbEnv));
  });
  afterAll(async () => {
    await operator?.close();
    await t.close();
  });

  it(`reports no failure in ${CHECKS} checks against a server under order load`, async () => {
    let checking = true;
    let placed = 0;
    const load = async () => {
      for (let i = 0; checking; i += 1) {
        const price = String(50_000 + (i % 7));
        const [buy] = await Promise.all([
          trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: price, amount: '0.002' }),
          trade(t, bob, { symbol: 'BTC/USDT', type: 'sell', target_price: price, amount: '0.001' }),
        ]);
        placed += 2;
        if (buy.body.type === 'ok' && i % 3 === 0) await cancel(t, alice, buy.body.message.id);
      }
    };
    const checks = async () => {
      const failures: string[][] = [];
      try {
        for (let i = 0; i < CHECKS; i += 1) {
          // Each check starts after the load moved on, so the 100 span it.
          for (const seen = placed; placed === seen; ) await new Promise((r) => setTimeout(r, 5));
          const report = await checkLedger(operator);
          if (!report.ok) failures.push(report.problems);
        }
      } finally {
        checking = false;
      }
      return failures;
    };
    const [failures] = await Promise.all([checks(), load()]);
    expect(placed).toBeGreaterThanOrEqual(2 * CHECKS);
    expect(failures).toEqual([]);
  }, 240_000);

  it('catches a balance broken by hand', async () => {
    const row = await t.server.db.selectFrom('ledger_accounts').selectAll().where('user_id', '=', bob.uid).where('name', '=', 'change').orderBy('id').executeTakeFirstOrThrow();
    const broken = (BigInt(row.available_minor) + 1n).toString();
    await t.server.db.updateTable('ledger_accounts').set({ available_minor: broken }).where('id', '=', row.id).execute();
    try {
      const report = await checkLedger(t.server);
      expect(report.ok).toBe(false);
      expect(report.problems.join('\n')).toContain(`account ${row.id} (user ${bob.uid} change currency ${row.currency_id}): available ${broken} but postings sum to ${row.available_minor}`);
    } finally {
      await t.server.db.updateTable('ledger_accounts').set({ available_minor: row.available_minor }).where('id', '=', row.id).execute();
    }
    expect((await checkLedger(t.server)).ok).toBe(true);
  });
});
