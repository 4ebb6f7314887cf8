import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Envelope } from '../../../contract/envelope.ts';

/**
 * The server as a process of its own (node --import tsx server/src/main.ts), for tests that kill it
 * (SIGKILL) or run several side by side, and the operator CLI and API calls they make against it.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const READY_MS = 90_000;

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  log(): string;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * Starts the server (`entry`, main.ts unless a test brings its own) with `env` on top of this process's (PORT, HOST, SIMULATOR=off and RATES_URL=off
 * are set here; `undefined` removes a variable) and answers once its log says it is ready.
 */
export async function startServerProcess(env: Record<string, string | undefined>, entry = 'server/src/main.ts'): Promise<ServerProcess> {
  const port = await freePort();
  const merged: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SIMULATOR: 'off', RATES_URL: 'off', LOG_LEVEL: 'info', ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const proc = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: ROOT, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const child = { url: `http://127.0.0.1:${port}`, proc, log: () => output };
  const deadline = Date.now() + READY_MS;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${output.slice(-4000)}`);
    if (output.includes('Brisk is ready')) return child;
    if (Date.now() > deadline) throw new Error(`server not ready: ${output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGKILL, as a crash would: nothing is flushed or closed. */
export function killProcess(child: ServerProcess | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.proc.exitCode !== null || child.proc.signalCode !== null) return resolve();
    child.proc.once('exit', () => resolve());
    child.proc.kill('SIGKILL');
  });
}

/** What the operator CLI answered: its exit code and output, refusals included. */
export interface OpsAnswer {
  code: number;
  stdout: string;
  stderr: string;
}

/** The operator CLI (`npm run ops`) on the database `env` names, refused or not. */
export function opsAnswer(env: Record<string, string | undefined>, operator: string, ...args: string[]): Promise<OpsAnswer> {
  return new Promise((resolve) => {
    execFile(TSX, ['server/src/ops/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env, OPERATOR: operator, LOG_LEVEL: 'silent' } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The operator CLI on the database `env` names; a refusal throws with its message. */
export async function runOps(env: Record<string, string>, operator: string, ...args: string[]): Promise<string> {
  const answer = await opsAnswer(env, operator, ...args);
  if (answer.code !== 0) throw new Error(`ops ${args.join(' ')}: ${answer.stderr}`);
  return answer.stdout;
}

/** Retries `check` until it passes or `timeoutMs` ends (a running server takes a change up at its next poll). */
export async function eventually(check: () => Promise<void>, timeoutMs = 6000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** One PostgreSQL connection for `work` (schemas made and dropped around a test). */
export async function withPg<T>(databaseUrl: string | undefined, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A form-encoded API call, as the app makes it; answers the envelope. */
export async function call<T>(child: { url: string }, path: string, data: Record<string, string>, token?: string, method: 'GET' | 'POST' = 'POST'): Promise<Envelope<T>> {
  const body = new URLSearchParams(data).toString();
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) };
  const response = await fetch(method === 'GET' ? `${child.url}${path}?${body}` : child.url + path, { method, headers, body: method === 'GET' ? undefined : body });
  return (await response.json()) as Envelope<T>;
}

/** call(), and its payload when the envelope is `ok` (throws with the envelope otherwise). */
export async function ok<T>(child: { url: string }, path: string, data: Record<string, string>, token?: string, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const envelope = await call<T>(child, path, data, token, method);
  if (envelope.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.message;
}

export interface Person {
  uid: number;
  token: string;
}

/** Signs up through the API (code from the dev outbox) and logs in. */
export async function register(child: { url: string }, email: string): Promise<Person> {
  await ok(child, '/api/sms_mail', { user_string: email, scene: 'register' });
  const [message] = await ok<{ code: string }[]>(child, '/api/dev/outbox', { to: email }, undefined, 'GET');
  const { uid } = await ok<{ uid: number }>(child, '/api/user/register', { type: 'email', user_string: email, code: message?.code ?? '', password: 'secret-12', re_password: 'secret-12' });
  return { uid, token: await ok<string>(child, '/api/user/login', { user_string: email, password: 'secret-12', stay: '1' }) };
}
