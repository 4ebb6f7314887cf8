// `npx tsx bench/due-work.ts`: how fast the due-work schedule catches up (items run and committed
// per second), in process on a fresh database. Not part of `npm test`.
//
// BENCH_ITEMS (10,000) items, all due, each booking one two-posting journal (custody -> a user's
// coin account, as a dividend would) through the real DueWork and LedgerService, are run by
// runDue() until none is left; the figure is items / wall-clock seconds, median of BENCH_RUNS (3),
// each on a fresh database. SQLite in a temp dir by default; DATABASE_URL=postgres://... runs it on
// PostgreSQL in a schema of its own (dropped after).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DueWork } from '../server/services/due-work/due-work.ts';
import { LedgerService } from '../server/services/ledger/ledger-service.ts';
import { UserService } from '../server/services/user-service.ts';
import { writeTransaction } from '../server/services/write-transaction.ts';
import { CREDIT_KIND, creditHandler } from '../tests/server/helpers/due-credit.ts';
import { openBenchDatabase, type BenchDatabase } from './lib/bench-database.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const databaseUrl = process.env.DATABASE_URL || undefined;

async function once(run: number): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brisk-bench-due-'));
  let database: BenchDatabase | undefined;
  try {
    database = await openBenchDatabase(dataDir, { databaseUrl });
    const { ctx, usdtId: usdt } = database;
    const created = await new UserService(ctx).create({ target: { kind: 'email', email: `bench-${run}@example.com` }, passwordHash: 'x', inviterId: null });
    if (!created.ok) throw new Error(created.code);
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
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const figures: number[] = [];
for (let run = 0; run < RUNS; run += 1) figures.push(await once(run));
figures.sort((a, b) => a - b);
console.log(`due work on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}: median ${Math.round(figures[Math.floor(figures.length / 2)] ?? 0)} items/s (${RUNS} runs of ${ITEMS})`);
