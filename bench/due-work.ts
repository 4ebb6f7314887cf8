// `npx tsx bench/due-work.ts`: how fast the due-work schedule catches up (items run and committed
// per second), in process on a fresh database. Not part of `npm test`.
//
// BENCH_ITEMS (10,000) items, all due, each booking one two-posting journal (custody -> a user's
// coin account, as a dividend would) through the real DueWork and LedgerService, are run by
// runDue() until none is left; the figure is items / wall-clock seconds, median of BENCH_RUNS (3),
// each on a fresh database. SQLite in a temp dir by default; DATABASE_URL=postgres://... runs it on
// PostgreSQL in a schema of its own (dropped after).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest } from '../server/db/migrate.ts';
import { openDatabase } from '../server/db/open-database.ts';
import { runSeed } from '../server/db/seed/run-seed.ts';
import { loadConfig } from '../server/src/config.ts';
import { systemClock } from '../server/services/clock.ts';
import { DueWork } from '../server/services/due-work/due-work.ts';
import { LedgerService } from '../server/services/ledger/ledger-service.ts';
import { hashPassword } from '../server/services/password-hasher.ts';
import { UserService } from '../server/services/user-service.ts';
import { writeTransaction } from '../server/services/write-transaction.ts';
import { CREDIT_KIND, creditHandler } from '../tests/server/helpers/due-credit.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const databaseUrl = process.env.DATABASE_URL || undefined;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function once(run: number): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brisk-bench-due-'));
  const schema = databaseUrl ? `brisk_bench_due_${randomBytes(4).toString('hex')}` : undefined;
  if (schema) await admin(`create schema ${schema}`);
  const handle = openDatabase(loadConfig({ DATA_DIR: dataDir, ...(databaseUrl && schema ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}) }));
  try {
    await migrateToLatest(handle.db, handle.dialect, schema);
    await runSeed(handle.db, handle.dialect, { hashPassword, now: new Date() });
    const ctx = { db: handle.db, dialect: handle.dialect, clock: systemClock, log: { info: () => undefined, warn: () => undefined } };
    const created = await new UserService(ctx).create({ target: { kind: 'email', email: `bench-${run}@example.com` }, passwordHash: 'x', inviterId: null });
    if (!created.ok) throw new Error(created.code);
    const usdt = (await handle.db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow()).id;
    const ledger = new LedgerService(ctx);
    const due = new DueWork(ctx, [creditHandler(() => ledger)]);
    const dueAt = new Date(Date.now() - 1000);
    await writeTransaction(ctx, async (trx) => {
      for (let i = 1; i <= ITEMS; i += 1) await due.schedule(trx, { kind: CREDIT_KIND, key: `bench:${i}`, dueAt, payload: { userId: created.value, currencyId: usdt, amountMinor: '1' } });
    });
    const started = process.hrtime.bigint();
    const report = await due.runDue();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (report.done !== ITEMS) throw new Error(`ran ${report.done} of ${ITEMS}`);
    const perSecond = ITEMS / seconds;
    console.log(`run ${run + 1}: ${ITEMS} items in ${seconds.toFixed(2)} s = ${Math.round(perSecond)} items/s`);
    return perSecond;
  } finally {
    await handle.close();
    if (schema) await admin(`drop schema if exists ${schema} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const figures: number[] = [];
for (let run = 0; run < RUNS; run += 1) figures.push(await once(run));
figures.sort((a, b) => a - b);
console.log(`due work on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}: median ${Math.round(figures[Math.floor(figures.length / 2)] ?? 0)} items/s (${RUNS} runs of ${ITEMS})`);
