import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { DbHandle } from '../../server/db/open-database.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import type { CopyTables } from '../../server/modules/copytrade/schema.ts';
import { dropSchema, openSeededDatabase } from '../server/helpers/seeded-database.ts';
import { call, killProcess, runOps, startServerProcess, type ServerProcess } from '../server/helpers/server-process.ts';
import { between, seededRng, type Rng } from './prng.ts';
import { createSoakUsers, readEarnIds, readSoakIds, SOAK_PASSWORD } from './soak-users.ts';
import { SOAK_WRITES, type Learned, type SoakIds, type SoakRequest, type SoakUser, type SoakWrite } from './soak-writes.ts';

export interface SoakOptions {
  cycles: number;
  seed: number;
  /** PostgreSQL (a fresh schema, dropped after); SQLite in a temporary DATA_DIR without it. */
  databaseUrl?: string;
  users?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** The kill comes this long after the cycle's load starts: [min, max] ms. */
  killAfterMs?: [number, number];
  log?: (line: string) => void;
  /** Breaks one balance after the first restart, before the checks: they must report it (the checks' own test). */
  plantFault?: boolean;
}

export interface CycleReport {
  cycle: number;
  seed: number;
  /** Writes answered ok before the kill. */
  acknowledged: number;
  /** Of those, per write. */
  byWrite: Record<string, number>;
  /** Writes refused, by write and code (insufficient balance and the like: the load does not aim to fit). */
  refused: Record<string, number>;
  killedAfterMs: number;
  /** From the kill to the restarted server answering. */
  restartMs: number;
  problems: string[];
}

export interface SoakReport {
  seed: number;
  dialect: 'sqlite' | 'postgres';
  cycles: CycleReport[];
  acknowledged: number;
  problems: string[];
  seconds: number;
}

interface Ack {
  write: string;
  user: SoakUser;
  request: SoakRequest;
  key: string | null;
  message: unknown;
}

/** Kinds of journal that time books by itself (settlements, fees): a replay must add none of the others. */
const TIMED_KINDS = new Set(['option_settle', 'futures_overnight', 'futures_liquidation', 'futures_trigger']);

/**
 * The soak (issue 43): cycles of mixed concurrent load over every write of SOAK_WRITES from several
 * funded users, kill -9 of the server at a random moment, restart, then the checks: the ledger check
 * clean (no negative balance, nothing half-applied: frozen equals what products hold); every
 * acknowledged keyed write replayed under its key answers what it answered and books nothing new
 * (present exactly once); every acknowledged cancel still cancelled. Seeded: each cycle's seed drives
 * its workers' choices and its kill time, and a failing cycle prints it (the interleaving of
 * concurrent requests is the machine's, so a seed replays the same requests, not the same races).
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const rng = seededRng(options.seed);
  const dataDir = mkdtempSync(join(tmpdir(), 'brisk-soak-'));
  const pg = options.databaseUrl ? { databaseUrl: options.databaseUrl, schema: `brisk_soak_${randomBytes(5).toString('hex')}` } : undefined;
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl, DATABASE_SCHEMA: pg?.schema, REDIS_URL: undefined,
    STATIC_DIR: join(dataDir, 'no-dist'), RATE_LIMIT_PER_MIN: '1000000', SIMULATOR: 'off',
  };
  const opsEnv = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
  let handle: DbHandle | undefined;
  let child: ServerProcess | undefined;
  const report: SoakReport = { seed: options.seed, dialect: pg ? 'postgres' : 'sqlite', cycles: [], acknowledged: 0, problems: [], seconds: 0 };
  try {
    handle = await openSeededDatabase(dataDir, pg);
    const made = await createSoakUsers(handle, options.users ?? 4, String(options.seed));
    const baseIds = await readSoakIds(handle.db);
    child = await startServerProcess(env);
    // Fixed marks: futures and options price from them with the simulator off.
    await runOps(opsEnv, 'soak', 'mark', 'BTC/USDT', '60000');
    const users: SoakUser[] = [];
    for (const u of made) {
      const login = await call<string>(child, '/api/user/login', { user_string: u.email, password: SOAK_PASSWORD, stay: '1' });
      if (login.type !== 'ok') throw new Error(`soak login ${u.email}: ${JSON.stringify(login)}`);
      users.push({ ...u, token: login.message });
    }
    const ids: SoakIds = { ...baseIds, ...(await readEarnIds(child, users[0]?.token ?? '')), trader: await approveTrader(child, opsEnv, users[0]) };
    const learned = new Map(users.map((u) => [u.uid, { spotOrders: [], positions: [], locks: [] } as Learned]));
    for (let cycle = 1; cycle <= options.cycles; cycle += 1) {
      const cycleSeed = Math.floor(rng() * 2 ** 32);
      const server: ServerProcess = child;
      const { acks, refused, killedAfterMs } = await loadThenKill(server, users, ids, learned, cycleSeed, options);
      const killedAt = performance.now();
      child = await startServerProcess(env);
      const restartMs = Math.round(performance.now() - killedAt);
      if (options.plantFault && cycle === 1) {
        const row = await handle.db.selectFrom('ledger_accounts').select(['id', 'available_minor']).where('user_id', '=', users[0]?.uid ?? 0).executeTakeFirstOrThrow();
        await handle.db.updateTable('ledger_accounts').set({ available_minor: String(BigInt(row.available_minor) + 1n) }).where('id', '=', row.id).execute();
      }
      const problems = await verify(child, handle, acks);
      const byWrite: Record<string, number> = {};
      for (const ack of acks) byWrite[ack.write] = (byWrite[ack.write] ?? 0) + 1;
      const result: CycleReport = { cycle, seed: cycleSeed, acknowledged: acks.length, byWrite, refused, killedAfterMs, restartMs, problems };
      report.cycles.push(result);
      report.acknowledged += acks.length;
      report.problems.push(...problems.map((p) => `cycle ${cycle} (seed ${cycleSeed}): ${p}`));
      log(`cycle ${cycle}/${options.cycles} seed ${cycleSeed}: ${acks.length} acknowledged, killed after ${killedAfterMs} ms, up again in ${restartMs} ms, ${problems.length === 0 ? 'ok' : `${problems.length} PROBLEMS: ${problems.slice(0, 3).join('; ')}`}`);
    }
  } finally {
    await killProcess(child);
    await handle?.close();
    await dropSchema(pg);
    rmSync(dataDir, { recursive: true, force: true });
  }
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  return report;
}

/** The first user applies as a copy trader and the operator approves it (the real ops command), so its futures are mirrored. */
async function approveTrader(server: ServerProcess, opsEnv: Record<string, string>, user: SoakUser | undefined): Promise<number | null> {
  if (!user) return null;
  const applied = await call(server, '/api/follow/apply', { agree: '1' }, user.token);
  if (applied.type !== 'ok') throw new Error(`soak trader apply: ${JSON.stringify(applied)}`);
  await runOps(opsEnv, 'soak', 'copytrade-approve', user.email);
  return user.uid;
}

function pickWrite(rng: Rng): SoakWrite {
  const total = SOAK_WRITES.reduce((sum, w) => sum + w.weight, 0);
  let at = rng() * total;
  for (const write of SOAK_WRITES) {
    at -= write.weight;
    if (at < 0) return write;
  }
  return SOAK_WRITES[SOAK_WRITES.length - 1] as SoakWrite;
}

/** Load from `concurrency` workers until the kill; answers what was acknowledged before it. */
async function loadThenKill(server: ServerProcess, users: SoakUser[], ids: SoakIds, learned: Map<number, Learned>, seed: number, options: SoakOptions) {
  const rng = seededRng(seed);
  const [min, max] = options.killAfterMs ?? [1000, 4000];
  const killedAfterMs = between(rng, min, max);
  const acks: Ack[] = [];
  const refused: Record<string, number> = {};
  let killed = false;
  let sent = 0;
  const worker = async (index: number) => {
    const wrng = seededRng(seed + index + 1);
    while (!killed) {
      const user = users[Math.floor(wrng() * users.length)] as SoakUser;
      const peer = users[(users.indexOf(user) + 1) % users.length] as SoakUser;
      const write = pickWrite(wrng);
      const mine = learned.get(user.uid) as Learned;
      const request = write.make({ rng: wrng, user, peer, ids, learned: mine });
      if (!request) continue;
      sent += 1;
      const key = request.keyed ? `soak-${seed}-${index}-${sent}` : null;
      const data = key ? { ...request.data, idempotency_key: key } : request.data;
      try {
        const answer = await call<unknown>(server, request.path, data, user.token);
        if (answer.type === 'ok') {
          acks.push({ write: write.name, user, request: { ...request, data }, key, message: answer.message });
          write.learn?.(answer.message, mine);
        } else {
          const code = (answer as { code?: string }).code ?? String(answer.type);
          refused[`${write.name}: ${code}`] = (refused[`${write.name}: ${code}`] ?? 0) + 1;
        }
      } catch {
        // The connection died with the server: not acknowledged, so nothing is owed.
        if (killed) return;
      }
    }
  };
  const workers = Array.from({ length: options.concurrency ?? 12 }, (_, i) => worker(i));
  await new Promise((resolve) => setTimeout(resolve, killedAfterMs));
  killed = true;
  await killProcess(server);
  await Promise.all(workers);
  return { acks, refused, killedAfterMs };
}

async function journalCounts(handle: DbHandle): Promise<Map<string, number>> {
  const rows = await handle.db.selectFrom('ledger_journals').select((eb) => ['kind', eb.fn.countAll<string | number>().as('n')]).groupBy('kind').execute();
  return new Map(rows.filter((r) => !TIMED_KINDS.has(r.kind)).map((r) => [r.kind, Number(r.n)]));
}

/** The checks after a restart; answers the problems found (none is a pass). */
/**
 * A trader's action acknowledged before the kill is mirrored to followers after the restart, on the
 * server's own time: the counts compared around the replays wait for that catch-up, or it would
 * look like a replay booking journals.
 */
async function mirrorCaughtUp(handle: DbHandle, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await handle.db.withTables<CopyTables>().selectFrom('copy_activity').select((eb) => eb.fn.countAll<string | number>().as('n')).where('done', '=', 0).executeTakeFirst();
    if (Number(row?.n ?? 0) === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function verify(server: ServerProcess, handle: DbHandle, acks: Ack[]): Promise<string[]> {
  const problems: string[] = [];
  if (!(await mirrorCaughtUp(handle))) problems.push('the copy mirror did not catch up within 30 s of the restart');
  const ledger = await checkLedger(handle);
  problems.push(...ledger.problems.map((p) => `ledger: ${p}`));
  const before = await journalCounts(handle);
  const keyed = acks.filter((a) => a.key !== null);
  for (let i = 0; i < keyed.length; i += 8) {
    await Promise.all(keyed.slice(i, i + 8).map(async (ack) => {
      const again = await call<unknown>(server, ack.request.path, ack.request.data, ack.user.token);
      if (again.type !== 'ok') problems.push(`${ack.request.path} ${ack.key}: acknowledged, now ${JSON.stringify(again).slice(0, 200)}`);
      else if (!isDeepStrictEqual(again.message, ack.message)) problems.push(`${ack.request.path} ${ack.key}: replay answered another result (lost, then done again?)`);
    }));
  }
  const after = await journalCounts(handle);
  for (const [kind, n] of after) if (n !== (before.get(kind) ?? 0)) problems.push(`replays booked ${n - (before.get(kind) ?? 0)} new ${kind} journals`);
  for (const ack of acks.filter((a) => a.request.path === '/api/coin/cancel')) {
    const id = Number(ack.request.data.id);
    const row = await handle.db.selectFrom('spot_orders').select('state').where('id', '=', id).executeTakeFirst();
    if (!row || row.state === 'open' || row.state === 'partial') problems.push(`cancel of spot order ${id} acknowledged, order is ${row?.state ?? 'missing'}`);
  }
  return problems;
}
