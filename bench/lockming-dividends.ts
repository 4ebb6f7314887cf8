// `npx tsx bench/lockming-dividends.ts`: a day's lock mining dividends for 100,000 orders, paid by
// the real server (its own process, the due runner every second) on SQLite, and the API's latency
// meanwhile. Not part of `npm test`.
//
// Setup (in this process, on a fresh DATA_DIR, not timed): BENCH_USERS (1,000) users, each funded in
// its mining account and holding BENCH_ORDERS / BENCH_USERS orders of 1,000 USDT in a 5-day product
// (0.3 % a day, dividends at 00:00 UTC), locked a minute ago. Orders and their first dividends'
// due items are written in bulk, and each user's principal is frozen by one lock journal per user
// (not one per order: 100,000 lock transactions would take longer than the run), so the ledger check
// holds. Then the server starts with TEST_CLOCK=on; BENCH_CLIENTS (4) clients read the API in a loop
// (a user's orders and the product list, alternating) for BASELINE_S seconds, the server's clock is
// moved past the dividend time (POST /api/dev/clock), and the run is timed from that answer until no
// dividend is left due (polled every 200 ms through a read-only connection), while the clients go
// on. Latencies are each request's wall time.
// Afterwards: every order has exactly one dividend, and the ledger check (in this process) is clean.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../server/db/open-database.ts';
import { depositPostings } from '../server/domain/journal-builders.ts';
import { checkLedger } from '../server/modules/check-ledger.ts';
import { DIVIDEND_KIND, dividendDue } from '../server/modules/lockming/dividend-step.ts';
import { lockPostings } from '../server/modules/lockming/journals.ts';
import { createProduct } from '../server/modules/lockming/product-admin.ts';
import { dividendAtMs, maturesAtMs } from '../server/modules/lockming/rules.ts';
import type { LockTables } from '../server/modules/lockming/schema.ts';
import { loadConfig } from '../server/src/config.ts';
import { LedgerService } from '../server/services/ledger/ledger-service.ts';
import { hashPassword } from '../server/services/password-hasher.ts';
import { UserService } from '../server/services/user-service.ts';
import { writeTransaction } from '../server/services/write-transaction.ts';
import { startApiReaders } from './lib/api-readers.ts';
import { openBenchDatabase } from './lib/bench-database.ts';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { latencySummary } from './lib/latency-summary.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const BASELINE_S = Number(process.env.BASELINE_S ?? 5);
const PRINCIPAL_MINOR = 1000_000000n;
const PASSWORD = 'bench-pass-1';
const CHUNK = 400;

const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(join(tmpdir(), 'brisk-bench-lockming-'));
let server: BenchServer | undefined;

async function setUp(): Promise<{ email: string; dueIso: string; lockedAtMs: number }> {
  const { handle, ctx, usdtId: usdt, close } = await openBenchDatabase(dataDir);
  try {
    const lockedAtMs = Date.now() - 60_000;
    const terms = { lockedAtMs, dividendMinute: 0, lockDays: 5 };
    const lockedAt = new Date(lockedAtMs).toISOString();
    const productId = await createProduct(handle.db, {
      category: 'lock', currencyId: usdt, minMinor: 1n, maxMinor: null, dailyYieldPpm: 3000, lockDays: 5, dividendMinute: 0, penaltyRatePpm: 4000, expiryDate: '2099-12-31', sort: 99,
    }, lockedAt);
    const hash = await hashPassword(PASSWORD, { ln: 4, r: 8, p: 1 });
    const users = new UserService(ctx);
    const ids: number[] = [];
    for (let u = 0; u < USERS; u += 1) {
      const created = await users.create({ target: { kind: 'email', email: `lock-bench-${u}@example.com` }, passwordHash: hash, inviterId: null });
      if (!created.ok) throw new Error(created.code);
      ids.push(created.value);
    }
    const perUser = Math.ceil(ORDERS / USERS);
    const ledger = new LedgerService(ctx);
    await writeTransaction(ctx, async (trx) => {
      for (const userId of ids) {
        const total = PRINCIPAL_MINOR * BigInt(perUser);
        const meta = { userId, refType: 'bench', refId: null, reversesJournalId: null };
        const funded = await ledger.book(trx, { ...meta, kind: 'deposit', postings: depositPostings(userId, usdt, total, 'mining') });
        if (!funded.ok) throw new Error(funded.code);
        const frozen = await ledger.book(trx, { ...meta, kind: 'lockming_lock', postings: lockPostings(userId, usdt, total) });
        if (!frozen.ok) throw new Error(frozen.code);
      }
      const db = trx.withTables<LockTables>();
      const matures = new Date(maturesAtMs(terms)).toISOString();
      for (let start = 0; start < ORDERS; start += CHUNK) {
        const rows = [];
        for (let i = start; i < Math.min(ORDERS, start + CHUNK); i += 1) {
          rows.push({
            user_id: ids[Math.floor(i / perUser)]!, product_id: productId, category: 'lock', currency_id: usdt, principal_minor: PRINCIPAL_MINOR.toString(),
            daily_yield_ppm: 3000, lock_days: 5, dividend_minute: 0, penalty_rate_ppm: 4000, state: 'locked', days_paid: 0, dividends_minor: '0',
            penalty_minor: null, returned_minor: null, created_at: lockedAt, matures_at: matures, ended_at: null,
          });
        }
        const inserted = await db.insertInto('lockming_orders').values(rows).returning('id').execute();
        await trx.insertInto('due_work').values(inserted.map(({ id }) => {
          const due = dividendDue(id, terms, 1);
          return { kind: due.kind, item_key: due.key, due_at: due.dueAt.toISOString(), payload: JSON.stringify(due.payload), state: 'pending' as const, attempts: 0, last_error: null, done_at: null, created_at: lockedAt };
        })).execute();
      }
    });
    return { email: 'lock-bench-0@example.com', dueIso: new Date(dividendAtMs(terms, 1)).toISOString(), lockedAtMs };
  } finally {
    await close();
  }
}

try {
  const setupStart = performance.now();
  const { email, dueIso } = await setUp();
  log(`setup: ${ORDERS} orders of ${USERS} users in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);
  server = await startBenchServer(dataDir, { TEST_CLOCK: 'on' });
  const { url } = server;
  const login = await (await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ user_string: email, password: PASSWORD, stay: '1' }) })).json() as { message: string };
  const token = login.message;

  const readers = startApiReaders(url, ['/api/lh/deposit/order?status=in_progress&limit=20', '/api/lh/deposit/config?type=lock'], CLIENTS, 'baseline', token);

  await sleep(BASELINE_S * 1000);
  const reader = new SQLite(join(dataDir, 'brisk.sqlite'), { readonly: true });
  const dueLeft = reader.prepare(`select count(*) as n from due_work where kind = ? and state = 'pending' and due_at <= ?`);
  const clockNow = await (await fetch(`${url}/api/dev/clock`)).json() as { message: { now: string } };
  const advance = Date.parse(dueIso) - Date.parse(clockNow.message.now) + 1000;
  readers.phase('run');
  const runStart = performance.now();
  await fetch(`${url}/api/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `advance_ms=${advance}` });
  let left = ORDERS;
  while (left > 0) {
    await sleep(200);
    left = (dueLeft.get(DIVIDEND_KIND, dueIso) as { n: number }).n;
  }
  const runS = (performance.now() - runStart) / 1000;
  const latencies = await readers.stop();
  reader.close();
  log(`dividends: ${ORDERS} paid in ${runS.toFixed(1)} s (${Math.round(ORDERS / runS)} a second), the clock moved ${(advance / 3_600_000).toFixed(1)} h`);
  log(`API before the run: ${latencySummary(latencies.baseline ?? [])}`);
  log(`API during the run: ${latencySummary(latencies.run ?? [])}`);

  await server.stop();
  const handle = openDatabase(loadConfig({ DATA_DIR: dataDir }));
  try {
    const paid = await handle.db.withTables<LockTables>().selectFrom('lockming_orders').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('days_paid').as('min'), eb.fn.max('days_paid').as('max')]).executeTakeFirstOrThrow();
    const journals = await handle.db.selectFrom('ledger_journals').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'lockming_dividend').executeTakeFirstOrThrow();
    const report = await checkLedger(handle);
    log(`check: ${paid.n} orders, days paid ${paid.min}..${paid.max}, ${journals.n} dividend journals, ledger check ${report.ok ? 'clean' : report.problems.slice(0, 3).join('; ')}`);
    if (Number(journals.n) !== ORDERS || paid.min !== 1 || paid.max !== 1 || !report.ok) process.exitCode = 1;
  } finally {
    await handle.close();
  }
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
