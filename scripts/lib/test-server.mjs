// Starts the real server the way scripts/e2e.mjs does, for tools that measure the built app
// (Lighthouse CI, the weak-network bench): a free port, a fresh temporary DATA_DIR (SQLite),
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
 * Starts the server; resolves with { baseUrl, stop, logTail } once GET /api/getSiteConfig answers 200
 * and / serves the built app. `name` names the temp dir and the log (.tmp/<name>-server.log).
 */
export async function startTestServer({ name = 'tool', log = (line) => console.error(line), env: extraEnv = {} } = {}) {
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
  const server = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/src/main.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);

  const logTail = (lines = 40) => {
    try {
      return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no server log)';
    }
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
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
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Never leave the server behind, however this process ends.
  process.on('exit', () => {
    if (server.pid && groupAlive(server.pid)) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  });

  const started = performance.now();
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      await stop();
      throw new Error(`the server exited before it was ready:\n${logTail()}`);
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
      throw new Error(`GET /api/getSiteConfig did not answer within ${READY_TIMEOUT_MS / 1000} s (last: ${last})`);
    }
    await sleep(250);
  }
  const html = await (await fetch(`${baseUrl}/`)).text();
  if (!html.includes('id="app"')) {
    await stop();
    throw new Error('GET / does not serve dist/index.html');
  }
  log(`server ready on ${baseUrl} in ${((performance.now() - started) / 1000).toFixed(1)} s (DATA_DIR ${dataDir}, log ${logFile})`);
  return { baseUrl, dataDir, stop, logTail };
}
