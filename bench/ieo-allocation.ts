// `npx tsx bench/ieo-allocation.ts`: the allocation of an IEO sale of BENCH_SUBSCRIBERS (100,000)
// subscriptions, in process on a fresh database, through the real due work: the allocate item
// (reads every subscription, fixes the rule, flips the project to calculating) and every payout
// batch (SETTLE_BATCH subscriptions each: payment, refund and token journals, the rows settled), run
// by DueWork.runDue() until the project is distributed. Not part of `npm test`.
//
// The sale: 100,000 subscribers of 1-97 tokens (2 decimals), cap 50 tokens, 20 tokens a subscriber for sale
// (oversubscribed about 2.5x), 0.1 USDT a token; filled in bulk (tests/server/helpers/ieo-sale.ts,
// what an order writes) before the clock starts. After the run the sums are checked exactly: tokens
// sold = supply, paid + refunded = frozen, every subscription settled, the ledger check clean.
// SQLite in a temp dir by default; DATABASE_URL=postgres://... runs it on PostgreSQL in a schema of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkLedger } from '../server/modules/check-ledger.ts';
import { IeoAllocator, SETTLE_BATCH } from '../server/modules/ieo/allocation-due.ts';
import { ieoDb } from '../server/modules/ieo/ieo-db.ts';
import { ProjectAdmin } from '../server/modules/ieo/project-admin.ts';
import { ManualClock } from '../server/services/clock.ts';
import { DueWork } from '../server/services/due-work/due-work.ts';
import { fillSale } from '../tests/server/helpers/ieo-sale.ts';
import { openBenchDatabase, type BenchDatabase } from './lib/bench-database.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const databaseUrl = process.env.DATABASE_URL || undefined;
const UNIT = 100n;
const tokensOf = (i: number) => BigInt((i * 37) % 97 + 1) * UNIT + BigInt(i % 7);

const dataDir = mkdtempSync(join(tmpdir(), 'brisk-bench-ieo-'));
const clock = new ManualClock(new Date());
let database: BenchDatabase | undefined;
try {
  database = await openBenchDatabase(dataDir, { databaseUrl, clock, log: { info: () => undefined, warn: (o, m) => console.warn(m, o) } });
  const { handle, ctx } = database;
  const allocator = new IeoAllocator(ctx);
  const due = new DueWork(ctx, allocator.handlers);
  const made = await new ProjectAdmin(ctx, due).create({
    symbol: 'BNCH', name: 'Bench sale', decimals: 2, supply: String(SUBSCRIBERS * 20), min: '1', max: '100', cap: '50',
    prices: [{ currency: 'USDT', price: '0.1' }], startAt: new Date(clock.now().getTime() - 60_000), endAt: new Date(clock.now().getTime() + 60_000),
  });
  if (!made.ok) throw new Error(made.reason);
  const projectId = made.value.id;
  let t0 = performance.now();
  const subscribers = await fillSale(ctx, { projectId, count: SUBSCRIBERS, tokensOf, fundMinor: 100_000_000n, tag: 'bench' });
  console.log(`filled ${SUBSCRIBERS} subscriptions in ${((performance.now() - t0) / 1000).toFixed(1)} s (not measured)`);

  clock.advance(61_000);
  const cpu0 = process.cpuUsage();
  t0 = performance.now();
  // The allocate item alone first (one transaction: every subscription read, the rule fixed), then the batches.
  const first = await due.runDue(1);
  const allocateSeconds = (performance.now() - t0) / 1000;
  const rest = await due.runDue();
  const report = { done: first.done + rest.done };
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);

  const db = ieoDb(handle.db);
  const project = await db.selectFrom('ieo_projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('ieo_subscriptions').select(['state', 'alloc_minor', 'paid_minor', 'refund_minor']).where('project_id', '=', projectId).execute();
  const sum = (pick: (r: (typeof rows)[number]) => string | null) => rows.reduce((a, r) => a + BigInt(pick(r) ?? '0'), 0n);
  const frozen = subscribers.reduce((a, s) => a + s.cost, 0n);
  const problems: string[] = [];
  if (project.state !== 'distributed') problems.push(`project ${project.state}`);
  if (rows.some((r) => r.state !== 'settled')) problems.push('subscriptions left pending');
  if (sum((r) => r.alloc_minor) !== BigInt(project.supply_minor)) problems.push(`tokens ${sum((r) => r.alloc_minor)} != supply ${project.supply_minor}`);
  if (sum((r) => r.paid_minor) + sum((r) => r.refund_minor) !== frozen) problems.push('paid + refunded != frozen');
  const ledger = await checkLedger(handle);
  problems.push(...ledger.problems);
  console.log(`${databaseUrl ? 'PostgreSQL' : 'SQLite'}: allocated ${SUBSCRIBERS} subscriptions in ${seconds.toFixed(2)} s wall`
    + ` (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s; ${report.done} due items: the allocate item ${(allocateSeconds * 1000).toFixed(0)} ms,`
    + ` then ${report.done - 1} payout batches of up to ${SETTLE_BATCH}, ${(((seconds - allocateSeconds) * 1000) / Math.max(1, report.done - 1)).toFixed(0)} ms each on average)`);
  console.log(`sums: tokens ${sum((r) => r.alloc_minor)} = supply ${project.supply_minor}; paid ${sum((r) => r.paid_minor)} + refunded ${sum((r) => r.refund_minor)} = frozen ${frozen}; ledger check ${ledger.ok ? 'clean' : 'FAILED'}`);
  if (problems.length > 0) {
    console.error(problems.slice(0, 10).join('\n'));
    process.exitCode = 1;
  }
} finally {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
