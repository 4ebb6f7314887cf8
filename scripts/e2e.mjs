// `npm run test:e2e [-- <playwright test args>]`: end-to-end tests against the real server.
// 1. finds (or installs) the system Chromium; 2. rebuilds dist/ if stale; 3. starts the server
// (tsx server/src/main.ts) on a free port with a fresh DATA_DIR (SQLite), SIMULATOR=off, in its own
// process group; 4. waits for GET /api/getSiteConfig; 5. runs Playwright with E2E_BASE_URL and
// CHROMIUM_PATH set; 6. kills the server's process group and deletes DATA_DIR, also on failure or
// Ctrl+C. The server log goes to .tmp/e2e-server.log (its tail is printed when something fails).
// Playwright also gets E2E_DATA_DIR, so tests can run the operator CLI on the same database.
// E2E_KEEP_DATA=1 keeps DATA_DIR; E2E_DATABASE_URL runs the server on PostgreSQL instead.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, ensureBuilt } from './lib/build-state.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 5_000;
/** E2E_SERVER_ENTRY swaps in another server script (used to test this runner itself). */
const SERVER_ENTRY = process.env.E2E_SERVER_ENTRY || 'server/src/main.ts';
const LOG_FILE = join(ROOT, '.tmp', 'e2e-server.log');

const log = (line) => console.error(`e2e: ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
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

function logTail(lines = 40) {
  try {
    const text = readFileSync(LOG_FILE, 'utf8').trimEnd().split('\n');
    return text.slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

let server;
let dataDir;
let playwright;

const serverRunning = () => server && server.exitCode === null && server.signalCode === null;

const groupAlive = (pgid) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * SIGTERM to the server's whole process group (tsx, the node it starts, anything they started);
 * SIGKILL to whatever of the group is left after a grace period.
 */
async function stopServer() {
  if (!server?.pid || !groupAlive(server.pid)) return;
  const pgid = server.pid;
  process.kill(-pgid, 'SIGTERM');
  const deadline = Date.now() + STOP_GRACE_MS;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pgid)) {
    log(`server processes still running ${STOP_GRACE_MS} ms after SIGTERM; killing the process group`);
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
  }
}

function removeDataDir() {
  if (!dataDir) return;
  if (process.env.E2E_KEEP_DATA === '1') log(`kept DATA_DIR ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

async function cleanUp() {
  await stopServer();
  removeDataDir();
}

// Last resort if we exit some other way: never leave the server behind.
process.on('exit', () => {
  if (server?.pid && groupAlive(server.pid)) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    log(`${signal}: stopping`);
    if (playwright && playwright.exitCode === null && playwright.signalCode === null) {
      const exited = new Promise((resolve) => playwright.once('exit', resolve));
      playwright.kill(signal);
      await Promise.race([exited, sleep(10_000)]);
    }
    await cleanUp();
    process.exit(130);
  });
}

async function waitForServer(baseUrl) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (!serverRunning()) throw new Error(`the server exited (code ${server.exitCode ?? server.signalCode}) before it was ready`);
    const attempt = new AbortController();
    const timer = setTimeout(() => attempt.abort(), 2_000);
    try {
      const response = await fetch(`${baseUrl}/api/getSiteConfig`, { signal: attempt.signal });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    } finally {
      clearTimeout(timer);
    }
    await sleep(250);
  }
  throw new Error(`GET /api/getSiteConfig did not answer 200 within ${READY_TIMEOUT_MS / 1000} s (last: ${last})`);
}

/** The tests load the built app from the server; say so plainly if it does not serve it. */
async function checkAppServed(baseUrl) {
  const response = await fetch(`${baseUrl}/`);
  const html = await response.text();
  if (!response.ok || !html.includes('id="app"')) {
    throw new Error(`GET / does not serve dist/index.html (HTTP ${response.status}); the server must serve the built app at /`);
  }
}

async function main() {
  const chromiumPath = ensureChromium({ log });
  log(`chromium: ${chromiumPath}`);
  ensureBuilt({ log });

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'brisk-e2e-'));
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const logFd = openSync(LOG_FILE, 'w');
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SIMULATOR: 'off',
    // A suite walks every route quickly from one address; the production per-IP limit would trip it.
    RATE_LIMIT_PER_MIN: '100000',
    // Every spec signs up its own users from 127.0.0.1, more than the 30 codes an hour one address gets.
    CODES_PER_IP_HOUR: '10000',
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

  log(`starting server on ${baseUrl} (DATA_DIR ${dataDir}, SIMULATOR=off, log ${LOG_FILE})`);
  const started = performance.now();
  // node + tsx's CLI, detached into its own process group so the whole group can be killed
  // (TOOLCHAIN pitfall 8: not npx, so this process owns the server).
  server = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), SERVER_ENTRY], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  server.on('error', (error) => log(`cannot start the server: ${error.message}`));

  try {
    await waitForServer(baseUrl);
    await checkAppServed(baseUrl);
  } catch (error) {
    log(error.message);
    console.error(`---- server log (last lines of ${LOG_FILE}) ----\n${logTail()}\n----`);
    return 1;
  }
  log(`server ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const args = [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)];
  playwright = spawn(process.execPath, args, {
    cwd: ROOT,
    // E2E_DATA_DIR (and E2E_DATABASE_URL when set) let a test act as the operator with `npm run ops`
    // against this server's database: simulated deposits, withdrawal review, KYC approval.
    env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: chromiumPath, E2E_DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise((resolve) => {
    playwright.on('error', (error) => {
      log(`cannot start Playwright: ${error.message}`);
      resolve(1);
    });
    playwright.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  if (code !== 0) console.error(`---- server log (last lines of ${LOG_FILE}) ----\n${logTail()}\n----`);
  if (!serverRunning()) {
    log(`the server died during the tests (code ${server.exitCode ?? server.signalCode})`);
    return code || 1;
  }
  return code;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  log(error.message);
} finally {
  await cleanUp();
}
process.exit(exitCode);
