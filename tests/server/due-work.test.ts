import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { dueStatus } from '../../server/src/ops/due-commands.ts';
import { writeTransaction } from '../../server/services/write-transaction.ts';
import type { LedgerService } from '../../server/services/ledger/ledger-service.ts';
import { CREDIT_KIND, creditHandler } from './helpers/due-credit.ts';
import { currencyId, makeUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const DAY_MS = 86_400_000;

describe('due work: one durable schedule, each item exactly once', () => {
  let t: TestServer;
  let ledger: LedgerService;
  let usdt: number;
  const failing = new Set<string>();

  beforeAll(async () => {
    t = await startTestServer({}, { dueHandlers: [creditHandler(() => ledger, (key) => failing.has(key))] });
    ledger = t.server.services.ledger;
    usdt = await currencyId(t, 'USDT');
  });
  afterAll(() => t.close());

  // The server's own runner passes every second too; tests assert on state, not on which pass ran.
  const run = () => t.server.services.dueWork.runDue();
  const schedule = (key: string, dueAt: Date, payload: object) =>
    writeTransaction(t.server, (trx) => t.server.services.dueWork.schedule(trx, { kind: CREDIT_KIND, key, dueAt, payload }));
  const journalsOf = async (userId: number) =>
    (await t.server.db.selectFrom('ledger_journals').select(['id', 'ref_id']).where('kind', '=', 'due_test').where('user_id', '=', userId).execute());
  const balanceOf = async (userId: number) =>
    (await t.server.db.selectFrom('ledger_accounts').select('available_minor').where('user_id', '=', userId).where('currency_id', '=', usdt).executeTakeFirst())?.available_minor ?? '0';

  it('runs an item once at its time, and scheduling it again changes nothing', async () => {
    const user = await makeUser(t, 'due-once@example.com');
    const at = new Date(t.clock.now().getTime() + 60_000);
    expect(await schedule(`once:${user.uid}`, at, { userId: user.uid, currencyId: usdt, amountMinor: '700' })).toBe(true);
    expect(await schedule(`once:${user.uid}`, at, { userId: user.uid, currencyId: usdt, amountMinor: '999' })).toBe(false);
    await run();
    expect(await journalsOf(user.uid)).toHaveLength(0);
    t.clock.advance(60_000);
    await run();
    await run();
    expect(await journalsOf(user.uid)).toHaveLength(1);
    expect(await balanceOf(user.uid)).toBe('700');
  });

  it('catches up on every missed period once, in order, after downtime', async () => {
    const user = await makeUser(t, 'due-daily@example.com');
    const start = t.clock.now();
    await schedule(`daily:${user.uid}:1`, start, { userId: user.uid, currencyId: usdt, amountMinor: '5', periods: 10, dayMs: DAY_MS });
    t.clock.advance(6 * DAY_MS + 1000);
    await run();
    const rows = await t.server.db.selectFrom('due_work').select(['item_key', 'state', 'due_at']).where('item_key', 'like', `daily:${user.uid}:%`).orderBy('id').execute();
    expect(rows.map((r) => r.item_key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `daily:${user.uid}:${n}`));
    expect(rows.filter((r) => r.state === 'done')).toHaveLength(7);
    expect(rows.at(-1)).toMatchObject({ state: 'pending', due_at: new Date(start.getTime() + 7 * DAY_MS).toISOString() });
    expect(await balanceOf(user.uid)).toBe('35');
    t.clock.advance(10 * DAY_MS);
    await run();
    expect(await balanceOf(user.uid)).toBe('50');
    expect(await journalsOf(user.uid)).toHaveLength(10);
  });

  it('a run that fails leaves nothing behind, backs off, and runs once later; items beside it commit', async () => {
    const user = await makeUser(t, 'due-fail@example.com');
    const neighbour = await makeUser(t, 'due-neighbour@example.com');
    const key = `flaky:${user.uid}`;
    failing.add(key);
    await schedule(key, t.clock.now(), { userId: user.uid, currencyId: usdt, amountMinor: '42' });
    await schedule(`steady:${neighbour.uid}`, t.clock.now(), { userId: neighbour.uid, currencyId: usdt, amountMinor: '8' });
    await run();
    expect(await journalsOf(user.uid)).toHaveLength(0);
    expect(await balanceOf(user.uid)).toBe('0');
    expect(await balanceOf(neighbour.uid)).toBe('8');
    const status = await t.server.services.dueWork.status();
    expect(status.find((k) => k.kind === CREDIT_KIND)).toMatchObject({ failing: 1, lastError: `planned failure of ${key}` });
    const printed = await dueStatus({ services: t.server.services, modules: t.server.modules, db: t.server.db, operator: 'test' });
    expect(printed).toMatch(new RegExp(`^${CREDIT_KIND.replace('.', '\\.')}\\s+\\d+\\s+\\d+\\s+0\\s+1\\s+planned failure of ${key}$`, 'm'));
    const row = await t.server.db.selectFrom('due_work').selectAll().where('item_key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error: `planned failure of ${key}` });
    await run();
    expect(await t.server.db.selectFrom('due_work').select('attempts').where('item_key', '=', key).executeTakeFirstOrThrow()).toEqual({ attempts: 1 });
    failing.delete(key);
    t.clock.advance(2000);
    await run();
    expect(await balanceOf(user.uid)).toBe('42');
    expect(await checkLedger(t.server)).toMatchObject({ ok: true, problems: [] });
  });

  it('refuses to schedule a kind nothing runs', async () => {
    await expect(writeTransaction(t.server, (trx) => t.server.services.dueWork.schedule(trx, { kind: 'nobody.home', key: 'x', dueAt: new Date() }))).rejects.toThrow(/no due-work handler/);
  });
});
