import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COIN_ACCOUNT } from '../../server/domain/journal-builders.ts';
import { systemAccount, userAccount, type JournalDraft } from '../../server/domain/ledger.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { DirectBatchSql } from '../../server/services/batch-sql.ts';
import type { DueHandler, DueItem, DueOutcome } from '../../server/services/due-work/due-work.ts';
import { LedgerBatch } from '../../server/services/ledger/ledger-batch.ts';
import { writeTransaction, type Tx } from '../../server/services/write-transaction.ts';
import { currencyId, makeUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const KIND = 'test.group_credit';
const DAY_MS = 86_400_000;

interface Payload {
  userId: number;
  currencyId: number;
  amountMinor: string;
  period: number;
  periods: number;
}

/**
 * Items run in groups (DueHandler.runMany): the runner marks a group's items done and schedules
 * their next periods in bulk, in the transaction of their journals; a group that throws is rolled
 * back and its items run one by one, so only the bad one is backed off.
 */
describe('due work in groups', () => {
  let t: TestServer;
  let usdt: number;
  const failing = new Set<string>();
  const waiting = new Set<string>();
  const groupSizes: number[] = [];
  let singles = 0;

  const credit = (item: DueItem): JournalDraft => {
    const p = item.payload as Payload;
    const amount = BigInt(p.amountMinor);
    return {
      kind: 'due_test', userId: p.userId, refType: 'due_work', refId: item.id, reversesJournalId: null,
      postings: [
        { account: systemAccount('custody', p.currencyId), bucket: 'available', amountMinor: -amount, kind: 'due_test' },
        { account: userAccount(p.userId, COIN_ACCOUNT, p.currencyId), bucket: 'available', amountMinor: amount, kind: 'due_test' },
      ],
    };
  };
  const outcome = (item: DueItem, now: Date): DueOutcome => {
    if (waiting.has(item.key)) return { done: false, notYet: new Date(now.getTime() + 60_000) };
    const p = item.payload as Payload;
    if (p.period >= p.periods) return { done: true };
    const base = item.key.replace(/:\d+$/, '');
    return { done: true, next: [{ kind: KIND, key: `${base}:${p.period + 1}`, dueAt: new Date(item.dueAt.getTime() + DAY_MS), payload: { ...p, period: p.period + 1 } }] };
  };
  const handler: DueHandler = {
    kind: KIND,
    async run(trx, item, now) {
      singles += 1;
      if (failing.has(item.key)) throw new Error(`planned failure of ${item.key}`);
      const result = outcome(item, now);
      if (!result.done) return result;
      const booked = await t.server.services.ledger.book(trx, credit(item));
      if (!booked.ok) throw new Error(booked.code);
      return result;
    },
    async runMany(trx: Tx, items, now) {
      groupSizes.push(items.length);
      const batch = new LedgerBatch(t.server, { reader: trx, sql: new DirectBatchSql(trx, t.server.dialect), now: now.toISOString(), guarded: false });
      const results = items.map((item) => outcome(item, now));
      const drafts = items.filter((_, i) => results[i]?.done).map(credit);
      await batch.load(drafts.flatMap((d) => d.postings.map((p) => p.account)));
      for (const d of drafts) if (!batch.add(d).ok) throw new Error('refused');
      await batch.flush();
      const bad = items.find((item) => failing.has(item.key));
      if (bad) throw new Error(`planned failure of ${bad.key}`);
      return results;
    },
  };

  beforeAll(async () => {
    t = await startTestServer({}, { dueHandlers: [handler] });
    usdt = await currencyId(t, 'USDT');
  });
  afterAll(() => t.close());

  const run = () => t.server.services.dueWork.runDue();
  const schedule = (items: { key: string; payload: Payload }[], dueAt: Date) =>
    writeTransaction(t.server, async (trx) => {
      for (const item of items) await t.server.services.dueWork.schedule(trx, { kind: KIND, key: item.key, dueAt, payload: item.payload });
    });
  const journals = async (userId: number) =>
    (await t.server.db.selectFrom('ledger_journals').select('ref_id').where('kind', '=', 'due_test').where('user_id', '=', userId).execute()).length;
  const balance = async (userId: number) =>
    (await t.server.db.selectFrom('ledger_accounts').select('available_minor').where('user_id', '=', userId).where('name', '=', COIN_ACCOUNT).where('currency_id', '=', usdt).executeTakeFirst())?.available_minor ?? '0';
  const rowsOf = (prefix: string) => t.server.db.selectFrom('due_work').selectAll().where('kind', '=', KIND).where('item_key', 'like', `${prefix}%`).orderBy('id').execute();

  it('runs 600 items due at once in groups, each once, with its own journal', async () => {
    const user = await makeUser(t, 'group-many@example.com');
    const items = Array.from({ length: 600 }, (_, i) => ({ key: `many:${i}:1`, payload: { userId: user.uid, currencyId: usdt, amountMinor: String(i + 1), period: 1, periods: 1 } }));
    await schedule(items, t.clock.now());
    groupSizes.length = 0;
    singles = 0;
    await run();
    await run();
    expect(await journals(user.uid)).toBe(600);
    expect(await balance(user.uid)).toBe(String((600 * 601) / 2));
    const rows = await rowsOf('many:');
    expect(rows.every((r) => r.state === 'done' && r.done_at !== null)).toBe(true);
    expect(Math.max(...groupSizes)).toBeGreaterThan(1);
    expect(singles).toBe(0);
  });

  it('a catch-up schedules each next period once, in bulk, and runs every missed one', async () => {
    const user = await makeUser(t, 'group-daily@example.com');
    const start = t.clock.now();
    const items = Array.from({ length: 50 }, (_, i) => ({ key: `daily:${i}:1`, payload: { userId: user.uid, currencyId: usdt, amountMinor: '3', period: 1, periods: 10 } }));
    await schedule(items, start);
    t.clock.advance(4 * DAY_MS + 1000);
    await run();
    const rows = await rowsOf('daily:');
    expect(rows).toHaveLength(50 * 6);
    expect(rows.filter((r) => r.state === 'done')).toHaveLength(50 * 5);
    expect(rows.filter((r) => r.state === 'pending').map((r) => [r.item_key.replace(/^daily:\d+:/, ''), r.due_at]))
      .toEqual(Array.from({ length: 50 }, () => ['6', new Date(start.getTime() + 5 * DAY_MS).toISOString()]));
    expect(await balance(user.uid)).toBe(String(50 * 5 * 3));
    // Scheduling a period again changes nothing: the natural key holds.
    await schedule([{ key: 'daily:0:6', payload: { userId: user.uid, currencyId: usdt, amountMinor: '999', period: 6, periods: 10 } }], start);
    expect((await rowsOf('daily:0:6'))[0]?.payload).toContain('"amountMinor":"3"');
  });

  it('a group that throws is rolled back and run one by one: only the bad item is backed off', async () => {
    const user = await makeUser(t, 'group-fail@example.com');
    const items = Array.from({ length: 40 }, (_, i) => ({ key: `fail:${i}:1`, payload: { userId: user.uid, currencyId: usdt, amountMinor: '5', period: 1, periods: 1 } }));
    failing.add('fail:7:1');
    waiting.add('fail:9:1');
    await schedule(items, t.clock.now());
    await run();
    expect(await journals(user.uid)).toBe(38);
    const rows = await rowsOf('fail:');
    const byKey = new Map(rows.map((r) => [r.item_key, r]));
    expect(byKey.get('fail:7:1')).toMatchObject({ state: 'pending', attempts: 1, last_error: 'planned failure of fail:7:1' });
    expect(byKey.get('fail:9:1')).toMatchObject({ state: 'pending', attempts: 0, last_error: null });
    expect(rows.filter((r) => r.state === 'done')).toHaveLength(38);
    failing.clear();
    waiting.clear();
    t.clock.advance(61_000);
    await run();
    expect(await journals(user.uid)).toBe(40);
    expect(await balance(user.uid)).toBe('200');
    expect(await checkLedger(t.server)).toMatchObject({ ok: true, problems: [] });
  });
});
