import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { WalletOverview } from '../../contract/api/wallet.ts';
import { DEMO_FUNDS, DEMO_FUNDS_KIND } from '../../server/db/seed/seed-demo-funds.ts';
import { DEMO_USER } from '../../server/db/seed/seed-demo-user.ts';
import { SYSTEM_USER_ID } from '../../server/domain/ledger.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { ManualClock } from '../../server/services/clock.ts';
import { startServer, type RunningServer } from '../../server/src/app.ts';
import { loadConfig, type Config } from '../../server/src/config.ts';

/**
 * The demo user starts with demo funds, booked through the ledger (one journal from custody) by the
 * seed that creates it, and never again: not by a restart on the same database, not by the ops CLI
 * (which runs the seed too), not by two processes starting together on a fresh PostgreSQL schema.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const databaseUrl = process.env.DATABASE_URL || undefined;
const newSchema = () => (databaseUrl ? `brisk_t_${randomBytes(6).toString('hex')}` : undefined);

const dataDir = mkdtempSync(join(tmpdir(), 'brisk-demo-funds-'));
const schema = newSchema();
const config: Config = {
  ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, databaseUrl, databaseSchema: schema, redisUrl: undefined,
  logLevel: 'silent', staticDir: join(dataDir, 'no-dist'), ratesUrl: undefined, simulator: false,
};
const dbEnv = (dir: string, pgSchema: string | undefined) => ({ DATA_DIR: dir, ...(databaseUrl && pgSchema ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: pgSchema } : {}) });
const clock = new ManualClock(new Date());
let running: RunningServer | null = null;
const cleanUps: (() => Promise<void>)[] = [];

async function dropSchema(name: string | undefined): Promise<void> {
  if (!databaseUrl || !name) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${name} cascade`);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await running?.close();
  await dropSchema(schema);
  rmSync(dataDir, { recursive: true, force: true });
  for (const cleanUp of cleanUps) await cleanUp();
});

/** `npm run ops -- <args>` as its own process on the database named by `env`. */
function ops(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, ['server/src/ops/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env, OPERATOR: 'demo-funds-test', LOG_LEVEL: 'silent' } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function post<T>(path: string, fields: Record<string, string>, token?: string): Promise<T> {
  const response = await fetch(`${running?.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  const body = (await response.json()) as { type: string; message: T };
  if (body.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.message;
}

/** Every non-zero line of the demo user's wallet, as the app reads it: "account currency available/frozen". */
async function demoWallet(): Promise<string[]> {
  const token = await post<string>('/api/user/login', { user_string: DEMO_USER.email, password: DEMO_USER.password });
  const overview = await post<WalletOverview>('/api/wallet/list', {}, token);
  return overview.accounts.flatMap((a) => a.balances.filter((b) => b.available !== '0' || b.frozen !== '0').map((b) => `${a.account} ${b.currency} ${b.available}/${b.frozen}`)).sort();
}

const EXPECTED = DEMO_FUNDS.map((f) => `${f.account} ${f.currency} ${f.amount}/0`).sort();

async function demoJournals(db: RunningServer['db']) {
  return db.selectFrom('ledger_journals').selectAll().where('kind', '=', DEMO_FUNDS_KIND).execute();
}

describe('the demo user on a fresh database', () => {
  it('holds the demo funds, booked by one journal from custody as deposits are; the ledger check is clean', async () => {
    running = await startServer(config, { clock });
    const { db } = running;
    expect(await demoWallet()).toEqual(EXPECTED);
    // Enough to try each product: spot orders from 5 USDT, a futures lot, a 10 USDT option stake.
    expect(EXPECTED).toEqual(expect.arrayContaining(['change USDT 10000/0', 'change BTC 0.5/0', 'change ETH 5/0', 'lever USDT 1000/0', 'micro USDT 1000/0']));

    const demo = await db.selectFrom('users').select('id').where('email', '=', DEMO_USER.email).executeTakeFirstOrThrow();
    const journals = await demoJournals(db);
    expect(journals).toHaveLength(1);
    expect(journals[0]).toMatchObject({ user_id: SYSTEM_USER_ID, ref_type: 'user', ref_id: demo.id, reverses_journal_id: null });
    const postings = await db.selectFrom('ledger_postings as p').innerJoin('ledger_accounts as a', 'a.id', 'p.account_id').innerJoin('currencies as c', 'c.id', 'p.currency_id')
      .select(['a.user_id', 'a.name', 'c.symbol', 'p.bucket', 'p.kind', 'p.amount_minor']).where('p.journal_id', '=', journals[0]!.id).execute();
    // Each credit mirrored by custody (the contra account of what the chain holds), shown as a deposit in the bills.
    expect(postings.filter((p) => p.user_id === demo.id)).toHaveLength(DEMO_FUNDS.length);
    expect(postings.filter((p) => p.user_id === SYSTEM_USER_ID).every((p) => p.name === 'custody' && BigInt(p.amount_minor) < 0n)).toBe(true);
    expect(postings.every((p) => p.bucket === 'available' && p.kind === 'deposit')).toBe(true);
    const sums = new Map<string, bigint>();
    for (const p of postings) sums.set(p.symbol, (sums.get(p.symbol) ?? 0n) + BigInt(p.amount_minor));
    expect([...sums.values()].every((s) => s === 0n)).toBe(true);

    // Nobody else was funded: every user account belongs to the demo user.
    const owners = await db.selectFrom('ledger_accounts').select('user_id').distinct().where('user_id', '!=', SYSTEM_USER_ID).execute();
    expect(owners.map((o) => o.user_id)).toEqual([demo.id]);
    expect(await checkLedger({ db })).toMatchObject({ ok: true, problems: [] });
  });

  it('the ops CLI, which runs the seed too, does not credit again, and its ledger check is clean', async () => {
    const check = await ops(dbEnv(dataDir, schema), 'ledger-check');
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^ledger ok/);
    expect(await demoJournals(running!.db)).toHaveLength(1);
    expect(await demoWallet()).toEqual(EXPECTED);
  }, 60_000);

  it('a restart on the same database does not credit again', async () => {
    await running?.close();
    running = null;
    running = await startServer(config, { clock });
    expect(await demoJournals(running.db)).toHaveLength(1);
    expect(await demoWallet()).toEqual(EXPECTED);
    expect(await checkLedger({ db: running.db })).toMatchObject({ ok: true, problems: [] });
  });
});

describe.runIf(databaseUrl)('two processes starting together on a fresh PostgreSQL schema', () => {
  it('credit the demo user once', async () => {
    const fresh = newSchema();
    const dir = mkdtempSync(join(tmpdir(), 'brisk-demo-funds-pg-'));
    cleanUps.push(async () => {
      await dropSchema(fresh);
      rmSync(dir, { recursive: true, force: true });
    });
    // Each migrates and seeds the empty schema (the ops CLI starts as the server does), then checks the ledger.
    const both = await Promise.all([ops(dbEnv(dir, fresh), 'ledger-check'), ops(dbEnv(dir, fresh), 'ledger-check')]);
    for (const run of both) expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' });
    const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${fresh}` });
    await client.connect();
    try {
      const journals = await client.query(`select count(*)::int as n from ledger_journals where kind = $1`, [DEMO_FUNDS_KIND]);
      expect(journals.rows[0].n).toBe(1);
      const users = await client.query(`select count(*)::int as n from users where email = $1`, [DEMO_USER.email]);
      expect(users.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  }, 90_000);
});
