import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/open-database.ts';
import { systemClock } from '../../server/services/clock.ts';
import { DueWork } from '../../server/services/due-work/due-work.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { allocate } from '../../server/modules/ieo/allocation.ts';
import { IeoAllocator, SETTLE_BATCH } from '../../server/modules/ieo/allocation-due.ts';
import { ieoDb } from '../../server/modules/ieo/ieo-db.ts';
import { ProjectAdmin } from '../../server/modules/ieo/project-admin.ts';
import { settlementOf } from '../../server/modules/ieo/rules.ts';
import { fillSale, type BulkSubscriber } from './helpers/ieo-sale.ts';
import { crashDatabase } from './helpers/crash-database.ts';
import { killProcess, startServerProcess, type ServerProcess } from './helpers/server-process.ts';

/**
 * The allocation of a sale of 20,000 subscriptions (80 payout batches) across a kill -9: the server
 * (its own process, the real due runner) is killed a quarter of the way through the payout, and
 * restarted; every subscription is then paid, refunded and credited exactly once (one journal of
 * each kind per subscription, balances to the unit), the tokens sum to the supply, and the ledger
 * check is clean.
 */
const SUBSCRIBERS = 20_000;
const DECIMALS = 2;
const UNIT = 10n ** BigInt(DECIMALS);
const CAP = 50n * UNIT;
const PRICE = '0.1';
const PRICE_MINOR = 100_000n;
const FUND_MINOR = 100_000_000n; // 100 USDT
const tokensOf = (i: number) => BigInt((i * 37) % 97 + 1) * UNIT + BigInt(i % 7);

describe('IEO allocation across kill -9', () => {
  const db = crashDatabase('ieo');
  const env = db.env;
  let handle: DbHandle;
  let child: ServerProcess | undefined;
  let projectId = 0;
  let supply = 0n;
  let subscribers: BulkSubscriber[] = [];

  beforeAll(async () => {
    handle = await db.open();
    const ctx = { db: handle.db, dialect: handle.dialect, clock: systemClock, log: { info: () => undefined, warn: () => undefined } };
    const due = new DueWork(ctx, new IeoAllocator(ctx).handlers);
    // Demands sum to ~20,000 x 49 tokens; half of that for sale: oversubscribed, and many users capped at 50.
    const endAt = new Date(Date.now() + 3000);
    const made = await new ProjectAdmin(ctx, due).create({
      symbol: 'CRSH', name: 'Crash sale', decimals: DECIMALS, supply: '500000', min: '1', max: '100', cap: '50',
      prices: [{ currency: 'USDT', price: PRICE }], startAt: new Date(Date.now() - 60_000), endAt,
    });
    if (!made.ok) throw new Error(made.reason);
    projectId = made.value.id;
    supply = BigInt(made.value.supply_minor);
    subscribers = await fillSale(ctx, { projectId, count: SUBSCRIBERS, tokensOf, fundMinor: FUND_MINOR, tag: 'crash' });
    while (Date.now() <= endAt.getTime()) await new Promise((r) => setTimeout(r, 100));
  }, 240_000);

  afterAll(async () => {
    await killProcess(child);
    await db.close();
  });

  const settledCount = async () => Number((await ieoDb(handle.db).selectFrom('ieo_subscriptions').select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('project_id', '=', projectId).where('state', '=', 'settled').executeTakeFirstOrThrow()).n);

  async function waitFor(test: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await test())) {
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}; ${await settledCount()} of ${SUBSCRIBERS} settled`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('pays, refunds and credits each of 20,000 subscriptions exactly once when killed mid-allocation', async () => {
    expect(SUBSCRIBERS / SETTLE_BATCH).toBeGreaterThanOrEqual(10);
    child = await startServerProcess(env);
    // A quarter of the way in: the runner is then between two batches or inside one.
    await waitFor(async () => (await settledCount()) >= SUBSCRIBERS / 4, 180_000, 'a quarter of the payout');
    await killProcess(child);
    const atKill = await settledCount();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(SUBSCRIBERS);
    const project = await ieoDb(handle.db).selectFrom('ieo_projects').select(['state']).where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(project.state).toBe('calculating');

    child = await startServerProcess(env);
    await waitFor(async () => (await ieoDb(handle.db).selectFrom('ieo_projects').select('state').where('id', '=', projectId).executeTakeFirstOrThrow()).state === 'distributed', 300_000, 'distributed');
    await killProcess(child);

    const db = ieoDb(handle.db);
    const rows = await db.selectFrom('ieo_subscriptions').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
    expect(rows).toHaveLength(SUBSCRIBERS);
    expect(rows.every((r) => r.state === 'settled')).toBe(true);
    // The allocation, computed apart from the run (same rule), for every subscriber.
    const expected = allocate(supply, CAP, rows.map((r) => ({ userId: r.user_id, weight: BigInt(r.requested_minor), firstAt: r.first_at })));
    expect(expected.reduce((a, b) => a + b, 0n)).toBe(supply);
    expect(rows.map((r) => BigInt(r.alloc_minor ?? '-1'))).toEqual(expected);
    const paidTotal = rows.reduce((a, r) => a + BigInt(r.paid_minor ?? '0'), 0n);
    const refundTotal = rows.reduce((a, r) => a + BigInt(r.refund_minor ?? '0'), 0n);
    expect(paidTotal + refundTotal).toBe(subscribers.reduce((a, s) => a + s.cost, 0n));

    const journals = await handle.db.selectFrom('ledger_journals').select(['kind', 'ref_id']).where('ref_type', '=', 'ieo_subscription').execute();
    for (const kind of ['ieo_payment', 'ieo_refund', 'ieo_tokens']) {
      const refs = journals.filter((j) => j.kind === kind).map((j) => j.ref_id);
      expect(new Set(refs).size, `${kind} journals per subscription`).toBe(refs.length);
    }
    expect(journals.filter((j) => j.kind === 'ieo_tokens')).toHaveLength(rows.filter((r) => r.alloc_minor !== '0').length);
    expect(journals.filter((j) => j.kind === 'ieo_payment')).toHaveLength(rows.filter((r) => r.paid_minor !== '0').length);
    expect(journals.filter((j) => j.kind === 'ieo_refund')).toHaveLength(rows.filter((r) => r.refund_minor !== '0').length);

    const token = (await handle.db.selectFrom('currencies').select('id').where('symbol', '=', 'CRSH').executeTakeFirstOrThrow()).id;
    const usdt = (await handle.db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow()).id;
    const accounts = await handle.db.selectFrom('ledger_accounts').select(['user_id', 'currency_id', 'available_minor', 'frozen_minor'])
      .where('name', '=', 'financial').where('user_id', 'in', handle.db.selectFrom('users').select('id').where('email', 'like', 'crash-%')).execute();
    const byUser = new Map(accounts.map((a) => [`${a.user_id}:${a.currency_id}`, a]));
    rows.forEach((r, i) => {
      const { paid } = settlementOf(expected[i]!, BigInt(r.committed_minor), PRICE_MINOR, DECIMALS);
      const cash = byUser.get(`${r.user_id}:${usdt}`);
      expect([cash?.available_minor, cash?.frozen_minor]).toEqual([(FUND_MINOR - paid).toString(), '0']);
      expect(byUser.get(`${r.user_id}:${token}`)?.available_minor ?? '0').toBe(expected[i]!.toString());
    });

    const report = await checkLedger(handle);
    expect(report.problems).toEqual([]);
    console.log(`ieo crash: ${atKill} of ${SUBSCRIBERS} settled at the kill; all once after the restart`);
  }, 600_000);
});
