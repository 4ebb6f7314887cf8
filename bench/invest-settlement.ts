// `npx tsx bench/invest-settlement.ts`: how long the real server takes to settle BENCH_ORDERS
// (100,000) matured invest orders, and the API's latency meanwhile. Not part of `npm test`.
//
// Setup (not timed): a fresh SQLite database, BENCH_USERS (100) users each with BTC in the finance
// account, one invest product, and the orders bought through the real purchase code
// (EarnPurchase.buyIn: quota, order, freezing journal, due item) ten days in the past, so all have
// matured; the fixing is recorded. Then server/src/main.ts starts in its own process (as in
// production; a client in the server's own process would queue behind its event loop) and its due
// runner settles them; meanwhile BENCH_CLIENTS (2) clients in this process send GET
// /api/invest/list, /api/invest/detail and /api/dual/index back to back. Printed: the settlement's
// wall time from the server's spawn (its start included) and from the first settled order, and the
// API's p50/p99/max over that window and over AFTER_S (5) s after it. The ledger check runs after,
// in this process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../server/db/open-database.ts';
import { depositPostings } from '../server/domain/journal-builders.ts';
import { SYSTEM_USER_ID } from '../server/domain/ledger.ts';
import { checkLedger } from '../server/modules/check-ledger.ts';
import { earnDb, EarnProducts, loadCoins } from '../server/modules/earn/earn-products.ts';
import { EarnPurchase } from '../server/modules/earn/earn-purchase.ts';
import { EarnSettlement } from '../server/modules/earn/earn-settlement.ts';
import { loadConfig } from '../server/src/config.ts';
import { ManualClock } from '../server/services/clock.ts';
import { DueWork } from '../server/services/due-work/due-work.ts';
import { IdempotencyService } from '../server/services/ledger/idempotency-service.ts';
import { LedgerService } from '../server/services/ledger/ledger-service.ts';
import { UserService } from '../server/services/user-service.ts';
import { writeTransaction } from '../server/services/write-transaction.ts';
import { startApiReaders } from './lib/api-readers.ts';
import { openBenchDatabase } from './lib/bench-database.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { latencySummary } from './lib/latency-summary.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 100);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const AFTER_S = Number(process.env.AFTER_S ?? 5);
const PER_TX = 1000;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brisk-bench-earn-'));
  const { handle, ctx, close } = await openBenchDatabase(dataDir, { clock: new ManualClock(new Date(Date.now() - 10 * 86_400_000)) });
  try {
    const ledger = new LedgerService(ctx);
    const due = new DueWork(ctx, new EarnSettlement(ctx, ledger).handlers);
    const purchase = new EarnPurchase(ctx, new EarnProducts(ctx), ledger, new IdempotencyService(ctx), due);
    const coins = await loadCoins(handle.db);
    const btc = [...coins.values()].find((c) => c.symbol === 'BTC')?.id as number;
    const now = new Date().toISOString();
    const product = await earnDb(handle.db).insertInto('invest_products').values({
      name: 'Bench', coin_id: btc, quote_id: [...coins.values()].find((c) => c.symbol === 'USDT')?.id as number, symbol: 'BTC/USDT', share_price_minor: '1000',
      linked_price_ticks: '6200000000000', rate_ppm: 120_000, days: 7, total_shares: ORDERS, remaining_shares: ORDERS, min_shares: 1, state: 'open', sort: 9, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const started = performance.now();
    const perUser = Math.ceil(ORDERS / USERS);
    let bought = 0;
    for (let u = 0; u < USERS && bought < ORDERS; u += 1) {
      const created = await new UserService(ctx).create({ target: { kind: 'email', email: `bench-earn-${u}@example.com` }, passwordHash: 'x', inviterId: null });
      if (!created.ok) throw new Error(created.code);
      await writeTransaction(ctx, (trx) => ledger.book(trx, { kind: 'deposit', userId: SYSTEM_USER_ID, refType: 'bench', refId: created.value, reversesJournalId: null, postings: depositPostings(created.value, btc, 10n ** 8n, 'financial') }));
      for (let left = Math.min(perUser, ORDERS - bought); left > 0; left -= PER_TX) {
        const n = Math.min(PER_TX, left);
        await writeTransaction(ctx, async (trx) => {
          for (let i = 0; i < n; i += 1) {
            const answer = await purchase.buyIn(trx, 'invest', created.value, { productId: product.id, num: '1' }, coins);
            if (!answer.ok) throw new Error(answer.code);
          }
        });
        bought += n;
      }
    }
    const fixing = await earnDb(handle.db).selectFrom('earn_orders').select('fixing_at').distinct().execute();
    for (const f of fixing) await earnDb(handle.db).insertInto('earn_fixings').values({ symbol: 'BTC/USDT', fixing_at: f.fixing_at, price_ticks: '6100000000000', minutes: 30, created_at: now }).execute();
    console.log(`setup: ${bought} orders bought in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await close();
  }

  const t0 = performance.now();
  const server = await startBenchServer(dataDir);
  try {
    const readers = startApiReaders(server.url, ['/api/invest/list', '/api/invest/detail?id=1', '/api/dual/index'], CLIENTS, 'during');
    const reader = new SQLite(join(dataDir, 'brisk.sqlite'), { readonly: true });
    const completed = reader.prepare(`select count(*) as n from earn_orders where state = 'completed'`);
    let firstMs: number | null = null;
    for (;;) {
      const n = (completed.get() as { n: number }).n;
      if (n > 0 && firstMs === null) firstMs = performance.now();
      if (n >= ORDERS) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const seconds = (performance.now() - t0) / 1000;
    const fromFirst = (performance.now() - (firstMs ?? t0)) / 1000;
    // The same reads with nothing left to settle: the machine's own latency, to compare with.
    readers.phase('after');
    await new Promise((r) => setTimeout(r, AFTER_S * 1000));
    const latencies = await readers.stop();
    reader.close();
    console.log(`settled ${ORDERS} orders in ${seconds.toFixed(1)} s from the server's spawn (${Math.round(ORDERS / seconds)} orders/s), ${fromFirst.toFixed(1)} s from the first settled (±0.2 s)`);
    console.log(`API during the run (${CLIENTS} clients): ${latencySummary(latencies.during ?? [])}`);
    console.log(`API after it, ${AFTER_S} s: ${latencySummary(latencies.after ?? [])}`);
  } finally {
    await server.stop();
  }
  const after = openDatabase(loadConfig({ DATA_DIR: dataDir }));
  try {
    const report = await checkLedger(after);
    console.log(`ledger check: ${report.ok ? 'clean' : report.problems.slice(0, 5).join('; ')}`);
    if (!report.ok) process.exitCode = 1;
  } finally {
    await after.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
