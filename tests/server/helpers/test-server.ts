import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Envelope } from '../../../contract/envelope.ts';
import { startServer, type RunningServer, type ServerDeps } from '../../../server/src/app.ts';
import { loadConfig, type Config } from '../../../server/src/config.ts';
import { ManualClock } from '../../../server/services/clock.ts';

export interface ApiOptions {
  method?: 'GET' | 'POST';
  data?: Record<string, string | number>;
  /** Sent as a JSON body instead of a form. */
  json?: unknown;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
}

export interface ApiAnswer<T> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface TestServer {
  server: RunningServer;
  url: string;
  clock: ManualClock;
  dataDir: string;
  /** The environment another process (the ops CLI) needs to work on this server's database. */
  dbEnv: Record<string, string>;
  api<T = unknown>(path: string, options?: ApiOptions): Promise<ApiAnswer<T>>;
  /** The message of an ok answer; fails the test with the envelope otherwise. */
  ok<T = unknown>(path: string, options?: ApiOptions): Promise<T>;
  close(): Promise<void>;
}

async function withPg(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The real server on a free port with its own temp DATA_DIR; with DATABASE_URL set, also its own
 * fresh PostgreSQL schema, dropped on close. Time is a ManualClock the test moves, and due work
 * runs when the test says (`services.dueWork.runDue()`), unless `deps.dueRunner` turns the runner on.
 */
export async function startTestServer(overrides: Partial<Config> = {}, deps: Omit<ServerDeps, 'clock'> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brisk-test-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `brisk_t_${randomBytes(6).toString('hex')}` : undefined;
  if (databaseUrl && schema) await withPg(databaseUrl, `create schema ${schema}`);
  const config: Config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    databaseSchema: schema,
    redisUrl: undefined,
    logLevel: 'silent',
    staticDir: join(dataDir, 'no-dist'),
    // Tests never reach the public rates source; the rates test serves its own.
    ratesUrl: undefined,
    // No bots trading under other tests; the simulator tests start it themselves.
    simulator: false,
    ...overrides,
  };
  const clock = new ManualClock(new Date());
  const cleanUp = async () => {
    if (databaseUrl && schema) await withPg(databaseUrl, `drop schema if exists ${schema} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let server: RunningServer;
  try {
    server = await startServer(config, { dueRunner: false, ...deps, clock });
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const api = async <T>(path: string, options: ApiOptions = {}): Promise<ApiAnswer<T>> => {
    const method = options.method ?? 'POST';
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    const fields: Record<string, string> = Object.fromEntries(Object.entries(options.data ?? {}).map(([k, v]) => [k, String(v)]));
    if (options.lang) fields.lang = options.lang;
    let target = server.url + path;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (method === 'GET') {
      const query = new URLSearchParams(fields).toString();
      if (query) target += (target.includes('?') ? '&' : '?') + query;
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(fields).toString();
    }
    const response = await fetch(target, { method, headers, body });
    return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
  };

  const ok = async <T>(path: string, options?: ApiOptions): Promise<T> => {
    const answer = await api<T>(path, options);
    if (answer.status !== 200 || answer.body.type !== 'ok') throw new Error(`${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.message;
  };

  return {
    server,
    url: server.url,
    clock,
    dataDir,
    dbEnv: { DATA_DIR: dataDir, ...(databaseUrl && schema ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}) },
    api,
    ok,
    async close() {
      await server.close();
      await cleanUp();
    },
  };
}
