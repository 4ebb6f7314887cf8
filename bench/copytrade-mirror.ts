// `npx tsx bench/copytrade-mirror.ts`: one trader's futures open mirrored to BENCH_FOLLOWERS (5,000)
// followers by the real server (its own process, SQLite), timed per follower from the trader's fill
// to the moment the follower's copy is in the database. Not part of `npm test`.
//
// Setup (in this process, on a fresh DATA_DIR, not timed): a trader approved for copy trading (quota
// above the followers), BENCH_FOLLOWERS users each with 1,000 USDT in the lever account (one deposit
// journal each) following the trader at a fixed multiple of 1 with a 500 USDT budget, and the
// BTC/USDT mark held at 60,000 by an operator's override (the simulator is off). Then the server
// starts; the trader signs in and opens 2 lots long at market over HTTP (POST /api/lever/submit).
// The fill time is taken when that request is sent (the fill commits before the answer, so this
// counts the request's own time against the mirror). A reader polls the database every POLL_MS for
// new copies and stamps each with the poll that first saw it: a follower's latency is that stamp
// minus the fill time, so it is at most POLL_MS late. Then the mark moves to 61,000 and the trader
// closes: each follower's mirrored close is timed the same way from the close request. Afterwards:
// every follower has exactly one copy of the open and one of the close, a profit share each, and
// the ledger check (in this process) is clean.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../server/db/open-database.ts';
import { depositPostings } from '../server/domain/journal-builders.ts';
import { checkLedger } from '../server/modules/check-ledger.ts';
import type { CopyTables } from '../server/modules/copytrade/schema.ts';
import { loadConfig } from '../server/src/config.ts';
import { LedgerService } from '../server/services/ledger/ledger-service.ts';
import { hashPassword } from '../server/services/password-hasher.ts';
import { UserService } from '../server/services/user-service.ts';
import { writeTransaction } from '../server/services/write-transaction.ts';
import { openBenchDatabase } from './lib/bench-database.ts';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { percentile } from './lib/latency-summary.ts';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 5000);
const POLL_MS = Number(process.env.POLL_MS ?? 20);
const FUNDS_MINOR = 1000_000000n;
const PASSWORD = 'bench-pass-1';
const TRADER = 'copy-bench-trader@example.com';

const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(join(tmpdir(), 'brisk-bench-copytrade-'));
let server: BenchServer | undefined;

async function setUp(): Promise<void> {
  const { ctx, usdtId: usdt, close } = await openBenchDatabase(dataDir);
  try {
    const hash = await hashPassword(PASSWORD, { ln: 4, r: 8, p: 1 });
    const users = new UserService(ctx);
    const create = async (email: string) => {
      const created = await users.create({ target: { kind: 'email', email }, passwordHash: hash, inviterId: null });
      if (!created.ok) throw new Error(created.code);
      return created.value;
    };
    const traderId = await create(TRADER);
    const ids: number[] = [];
    for (let u = 0; u < FOLLOWERS; u += 1) ids.push(await create(`copy-bench-${u}@example.com`));
    const ledger = new LedgerService(ctx);
    const now = new Date().toISOString();
    await writeTransaction(ctx, async (trx) => {
      for (const userId of [traderId, ...ids]) {
        const funded = await ledger.book(trx, { userId, refType: 'bench', refId: null, reversesJournalId: null, kind: 'deposit', postings: depositPostings(userId, usdt, FUNDS_MINOR, 'lever') });
        if (!funded.ok) throw new Error(funded.code);
      }
      const db = trx.withTables<CopyTables>();
      await db.insertInto('copy_traders').values({
        user_id: traderId, state: 'approved', profit_share_ppm: 100_000, max_followers: FOLLOWERS + 1, introduction: 'bench', bot: 0, applied_at: now, decided_at: now, updated_at: now,
      }).execute();
      for (let start = 0; start < ids.length; start += 500) {
        await db.insertInto('copy_follows').values(ids.slice(start, start + 500).map((follower) => ({
          follower_id: follower, trader_user_id: traderId, mode: 'multiple', number_units: 100, budget_minor: '500000000',
          profit_share_ppm: 100_000, shared_minor: '0', state: 'active', created_at: now, ended_at: null, updated_at: now,
        }))).execute();
      }
      await trx.insertInto('contract_mark_overrides').values({ symbol: 'BTC/USDT', price_ticks: '6000000000000', set_by: 'bench', set_at: now }).execute();
    });
  } finally {
    await close();
  }
}

const post = async (url: string, body: Record<string, string>, token?: string) =>
  (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) }, body: new URLSearchParams(body) })).json() as Promise<{ type: string; message: unknown }>;

try {
  const setupStart = performance.now();
  await setUp();
  log(`setup: ${FOLLOWERS} followers in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; ${cpus().length} cores, SQLite`);
  server = await startBenchServer(dataDir);
  const { url } = server;
  const login = await post(`${url}/api/user/login`, { user_string: TRADER, password: PASSWORD, stay: '1' });
  const token = login.message as string;
  // Let the server settle (the mark override is read within a second).
  await sleep(2000);

  const reader = new SQLite(join(dataDir, 'brisk.sqlite'), { readonly: true });
  const newCopies = reader.prepare('select position_id from copy_positions where position_id > ? order by position_id');
  const events = reader.prepare('select count(*) as n from copy_events');
  const seenAt: number[] = [];
  let last = 0;
  const fillAt = performance.now();
  const submitted = post(`${url}/api/lever/submit`, { symbol: 'BTC/USDT', type: 'long', multiple: '10', lots: '2', idempotency_key: 'bench-open-1' }, token);
  let answer: { type: string; message: unknown } | null = null;
  let submitMs = NaN;
  void submitted.then((a) => { answer = a; submitMs = performance.now() - fillAt; });
  const deadline = fillAt + 120_000;
  while ((events.get() as { n: number }).n < FOLLOWERS && performance.now() < deadline) {
    const rows = newCopies.all(last) as { position_id: number }[];
    const stamp = performance.now() - fillAt;
    for (const r of rows) { seenAt.push(stamp); last = r.position_id; }
    await sleep(POLL_MS);
  }
  for (const r of newCopies.all(last) as { position_id: number }[]) { seenAt.push(performance.now() - fillAt); last = r.position_id; }
  await submitted;
  reader.close();
  if ((answer as { type: string } | null)?.type !== 'ok') throw new Error(`submit answered ${JSON.stringify(answer)}`);
  const sorted = [...seenAt].sort((a, b) => a - b);
  log(`trader's open answered in ${submitMs.toFixed(0)} ms (its request start is the fill time below)`);
  log(`copies: ${sorted.length} of ${FOLLOWERS} open; from the fill: first ${(sorted[0] ?? NaN).toFixed(0)} ms, p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, last ${(sorted.at(-1) ?? NaN).toFixed(0)} ms (poll every ${POLL_MS} ms)`);

  // The trader's close, mirrored: each copy closes at the mark (one transaction per batch, a journal each).
  const writer = new SQLite(join(dataDir, 'brisk.sqlite'));
  writer.prepare(`update contract_mark_overrides set price_ticks = '6100000000000' where symbol = 'BTC/USDT'`).run();
  writer.close();
  // The contracts' one-second pass reads overrides; with thousands of positions open it runs longer.
  const markAt = performance.now();
  for (;;) {
    const deal = await post(`${url}/api/lever/deal`, { symbol: 'BTC/USDT' }, token) as { message: { mark_price?: string } };
    if (deal.message.mark_price === '61000') break;
    if (performance.now() - markAt > 120_000) throw new Error('the new mark never arrived');
    await sleep(100);
  }
  log(`the new mark reached the server's contracts in ${((performance.now() - markAt) / 1000).toFixed(1)} s`);
  const position = (answer as unknown as { message: { position: { id: number } } }).message.position.id;
  const closeReader = new SQLite(join(dataDir, 'brisk.sqlite'), { readonly: true });
  const closes = closeReader.prepare(`select count(*) as n from copy_events where action = 'close'`);
  const closeAt = performance.now();
  const closed = post(`${url}/api/lever/close`, { id: String(position), idempotency_key: 'bench-close-1' }, token);
  const closeSeen: number[] = [];
  let before = 0;
  while (before < FOLLOWERS && performance.now() < closeAt + 300_000) {
    const n = (closes.get() as { n: number }).n;
    for (let i = before; i < n; i += 1) closeSeen.push(performance.now() - closeAt);
    before = n;
    await sleep(POLL_MS);
  }
  await closed;
  closeReader.close();
  log(`closes: ${closeSeen.length} of ${FOLLOWERS} mirrored; from the trader's close: p50 ${percentile(closeSeen, 50).toFixed(0)} ms, p99 ${percentile(closeSeen, 99).toFixed(0)} ms, last ${(closeSeen.at(-1) ?? NaN).toFixed(0)} ms`);
  // Profit shares are due work (the runner takes them every second): timed until every one is paid.
  const shareReader = new SQLite(join(dataDir, 'brisk.sqlite'), { readonly: true });
  const paid = shareReader.prepare(`select count(*) as n from ledger_journals where kind = 'copytrade_share'`);
  let shareCount = 0;
  while (shareCount < FOLLOWERS && performance.now() < closeAt + Number(process.env.SHARE_WAIT_MS ?? 300_000)) {
    shareCount = (paid.get() as { n: number }).n;
    await sleep(100);
  }
  const states = shareReader.prepare(`select state, count(*) as n, max(last_error) as e from due_work where kind = 'copytrade.share' group by state`).all();
  shareReader.close();
  log(`share items: ${JSON.stringify(states)}`);
  log(`profit shares: ${shareCount} paid ${((performance.now() - closeAt) / 1000).toFixed(1)} s after the trader's close`);

  await server.stop();
  const handle = openDatabase(loadConfig({ DATA_DIR: dataDir }));
  try {
    const db = handle.db.withTables<CopyTables>();
    const byOutcome = await db.selectFrom('copy_events').select(['outcome', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('outcome').execute();
    const perFollow = await db.selectFrom('copy_events').select(['follow_id', 'action', (eb) => eb.fn.countAll<number>().as('n')]).groupBy(['follow_id', 'action']).having((eb) => eb.fn.countAll(), '>', 1).execute();
    const report = await checkLedger(handle);
    const shares = await handle.db.selectFrom('ledger_journals').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'copytrade_share').executeTakeFirstOrThrow();
    log(`check: ${byOutcome.map((o) => `${o.n} ${o.outcome}`).join(', ')}; follows mirrored twice: ${perFollow.length}; ${shares.n} profit shares paid; ledger check ${report.ok ? 'clean' : report.problems.slice(0, 3).join('; ')}`);
    if (sorted.length !== FOLLOWERS || perFollow.length > 0 || !report.ok) process.exitCode = 1;
  } finally {
    await handle.close();
  }
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
