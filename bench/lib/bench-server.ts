// The real server in its own process on a bench's database, as production runs it: a client in the
// bench's own process would queue behind the work it measures. Logs go to DATA_DIR/server.log at
// warn (request logs would cost the server CPU the figures count).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../tests/server/helpers/server-process.ts';

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** SIGTERM, and resolves once the process has exited (its database is then free to reopen). */
  stop(): Promise<void>;
}

const READY_MS = 90_000;

/**
 * Starts server/src/main.ts on `dataDir` (simulator and rates feed off, rate limit out of the way)
 * with `env` on top, and answers once GET /api/getSiteConfig does. BENCH_SERVER_NODE_ARGS adds node
 * flags to it (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
 */
export async function startBenchServer(dataDir: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const logFile = join(dataDir, 'server.log');
  const logFd = openSync(logFile, 'w');
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SIMULATOR: 'off', RATES_URL: 'off', LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MIN: '1000000', STATIC_DIR: join(dataDir, 'none'), ...env,
    },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  // However the bench ends, the server does not outlive it.
  process.once('exit', () => running() && child.kill('SIGKILL'));
  const stop = async () => {
    if (running()) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + READY_MS; ; ) {
    if (!running()) throw new Error(`server exited: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (await fetch(`${url}/api/getSiteConfig`).then((r) => r.ok, () => false)) return { url, child, stop };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in ${READY_MS / 1000} s: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
