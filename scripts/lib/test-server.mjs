// Starts the real server for the e2e runner and for tools that measure the built app (Lighthouse CI,
// the benches): a free port, a fresh temporary DATA_DIR (SQLite unless a database URL is given),
// SIMULATOR=off, node + tsx's CLI detached into its own process group (TOOLCHAIN pitfall 8: not npx,
// so this process owns the server and can kill all of it). stop() kills the group and deletes DATA_DIR.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './build-state.mjs';

const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 5_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const groupAlive = (pgid) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts the server; resolves with { baseUrl, dataDir, stop, running, logTail } once GET
 * /api/getSiteConfig answers 200 and / serves the built app; a failed start throws with the log's
 * tail in the message. `name` names the temp dir and the log (.tmp/<name>-server.log); `env` is
 * added to the server's environment; `entry` is the server script (default server/src/main.ts);
 * `databaseUrl` runs it on PostgreSQL instead of SQLite; `keepData` leaves DATA_DIR behind;
 * `app: false` does not ask for the built app (benches of the API and sockets alone).
 */
export async function startTestServer({
  name = 'tool',
  log = (line) => console.error(line),
  env: extraEnv = {},
  entry = 'server/src/main.ts',
  databaseUrl,
  keepData = false,
  app = true,
} = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `brisk-${name}-`));
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const logFile = join(ROOT, '.tmp', `${name}-server.log`);
  const logFd = openSync(logFile, 'w');
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SIMULATOR: 'off',
    // Lighthouse and the bench load every asset many times from one address.
    RATE_LIMIT_PER_MIN: '100000',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const server = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), entry], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  server.on('error', (error) => log(`cannot start the server: ${error.message}`));
  const running = () => server.exitCode === null && server.signalCode === null;

  const logTail = (lines = 40) => {
    try {
      return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no server log)';
    }
  };
  const removeDataDir = () => {
    if (keepData) log(`kept DATA_DIR ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
  const stopNow = async () => {
    if (server.pid && groupAlive(server.pid)) {
      process.kill(-server.pid, 'SIGTERM');
      const deadline = Date.now() + STOP_GRACE_MS;
      while (groupAlive(server.pid) && Date.now() < deadline) await sleep(100);
      if (groupAlive(server.pid)) {
        try {
          process.kill(-server.pid, 'SIGKILL');
        } catch {
          /* gone meanwhile */
        }
      }
    }
    removeDataDir();
  };
  // Every caller of stop() (the normal path and a signal handler, say) waits for the same stop.
  let stopping = null;
  const stop = () => (stopping ??= stopNow());
  // Never leave the server (nor, unless kept, its DATA_DIR) behind, however this process ends: a
  // Ctrl+C while the server is still starting exits before anyone holds stop().
  process.on('exit', () => {
    if (server.pid && groupAlive(server.pid)) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    if (!keepData) {
      try {
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        /* the killed server may still be writing; a temp dir is all that is left */
      }
    }
  });

  const started = performance.now();
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last;
  for (;;) {
    if (!running()) {
      await stop();
      throw new Error(`the server exited (code ${server.exitCode ?? server.signalCode}) before it was ready:\n${logTail()}`);
    }
    const attempt = new AbortController();
    const timer = setTimeout(() => attempt.abort(), 2_000);
    try {
      const response = await fetch(`${baseUrl}/api/getSiteConfig`, { signal: attempt.signal });
      if (response.ok) break;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    } finally {
      clearTimeout(timer);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`GET /api/getSiteConfig did not answer within ${READY_TIMEOUT_MS / 1000} s (last: ${last}):\n${logTail()}`);
    }
    await sleep(250);
  }
  const page = app ? await fetch(`${baseUrl}/`) : null;
  const html = page ? await page.text() : '';
  if (page && (!page.ok || !html.includes('id="app"'))) {
    await stop();
    throw new Error(`GET / does not serve dist/index.html (HTTP ${page.status}); the server must serve the built app at /`);
  }
  log(`server ready on ${baseUrl} in ${((performance.now() - started) / 1000).toFixed(1)} s (DATA_DIR ${dataDir}, log ${logFile})`);
  return { baseUrl, dataDir, stop, running, logTail };
}
