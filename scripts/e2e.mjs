// `npm run test:e2e [-- <playwright test args>]`: end-to-end tests against the real server.
// 1. finds (or installs) the system Chromium; 2. rebuilds dist/ if stale; 3. starts the server
// (tsx server/src/main.ts) on a free port with a fresh DATA_DIR (SQLite), SIMULATOR=off, in its own
// process group, and waits for GET /api/getSiteConfig (scripts/lib/test-server.mjs, shared with
// Lighthouse CI and the benches); 4. runs Playwright with E2E_BASE_URL and CHROMIUM_PATH set (the
// whole suite in two runs: the specs that move the server clock last, one at a time); 5. kills
// the server's process group and deletes DATA_DIR, also on failure or Ctrl+C. The server log goes to
// .tmp/e2e-server.log (its tail is printed when something fails).
// Playwright also gets E2E_DATA_DIR, so tests can run the operator CLI on the same database.
// E2E_KEEP_DATA=1 keeps DATA_DIR; E2E_DATABASE_URL runs the server on PostgreSQL instead; STATIC_DIR=<dir>
// tests another build (not rebuilt), as the benches and Lighthouse CI allow.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, ensureBuilt } from './lib/build-state.mjs';
import { startTestServer } from './lib/test-server.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

/** E2E_SERVER_ENTRY swaps in another server script (used to test this runner itself). */
const SERVER_ENTRY = process.env.E2E_SERVER_ENTRY || 'server/src/main.ts';

const log = (line) => console.error(`e2e: ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let server;
let playwright;

async function cleanUp() {
  await server?.stop();
}

// A Ctrl+C while the server is still starting leaves no handle here: test-server.mjs's exit hook
// kills that server and deletes its DATA_DIR.
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

async function main() {
  const chromiumPath = ensureChromium({ log });
  log(`chromium: ${chromiumPath}`);
  if (process.env.STATIC_DIR) log(`testing the build in ${process.env.STATIC_DIR} (STATIC_DIR)`);
  else ensureBuilt({ log });

  log(`starting the server (SIMULATOR=off${process.env.E2E_DATABASE_URL ? ', PostgreSQL' : ''}, log .tmp/e2e-server.log)`);
  try {
    server = await startTestServer({
      name: 'e2e',
      log,
      entry: SERVER_ENTRY,
      databaseUrl: process.env.E2E_DATABASE_URL || undefined,
      keepData: process.env.E2E_KEEP_DATA === '1',
      env: {
        // Keep the server's usual log level: the log's tail is what explains a failed test.
        LOG_LEVEL: process.env.LOG_LEVEL || 'info',
        // Every spec signs up its own users from 127.0.0.1, more than the 30 codes an hour one address gets.
        CODES_PER_IP_HOUR: '10000',
        // Specs pass a product's days in seconds (POST /api/dev/clock); production refuses it.
        TEST_CLOCK: 'on',
      },
    });
  } catch (error) {
    // The message carries the tail of the server log.
    log(error.message);
    return 1;
  }
  const { baseUrl, dataDir } = server;

  const runPlaywright = (extra, phase) => {
    const args = [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...extra];
    playwright = spawn(process.execPath, args, {
      cwd: ROOT,
      // E2E_DATA_DIR (and E2E_DATABASE_URL when set) let a test act as the operator with `npm run ops`
      // against this server's database: simulated deposits, withdrawal review, KYC approval.
      env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: chromiumPath, E2E_DATA_DIR: dataDir, ...(phase ? { E2E_PHASE: phase } : {}) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return new Promise((resolve) => {
      playwright.on('error', (error) => {
        log(`cannot start Playwright: ${error.message}`);
        resolve(1);
      });
      playwright.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    });
  };
  const own = process.argv.slice(2);
  // The whole suite: the specs that move the server's clock after the rest, one at a time
  // (playwright.config.ts, E2E_PHASE); with arguments, what they select, as given.
  let code;
  if (own.length > 0) code = await runPlaywright(own);
  else {
    const shared = await runPlaywright([], 'shared');
    log('the specs that move the server clock, one at a time');
    const clock = await runPlaywright(['--workers=1'], 'clock');
    code = shared || clock;
  }
  if (code !== 0) console.error(`---- server log (last lines of .tmp/e2e-server.log) ----\n${server.logTail()}\n----`);
  if (!server.running()) {
    log('the server died during the tests');
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
