// The socket processes of bench/fanout.mjs beside the engine's server: stream gateways on its relay
// (server/src/gateway-main.ts, STREAM_RELAY=on, the engine started with the same), or with
// --redis full server processes on the same PostgreSQL database as followers (MARKET_ENGINE=off,
// SIMULATOR=off) sharing rooms through the Redis adapter. Each is node + tsx's CLI in its own
// process group (scripts/lib/test-server.mjs does the same for the engine), marked in its
// environment so the bench can read its CPU from /proc.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/build-state.mjs';
import { freePort } from '../../scripts/lib/test-server.mjs';
import { cpuMsOf } from './cpu-ms-of.mjs';

const READY_TIMEOUT_MS = 90_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url, child, logFile) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url}: the process exited:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch { /* not yet */ }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${READY_TIMEOUT_MS / 1000} s`);
    await sleep(250);
  }
}

/**
 * Starts `count` socket processes for `server` (what startTestServer answered); resolves with
 * their socket URLs, a reading of their CPU (ms) and a stop. `redis` (a URL) with `databaseUrl`
 * starts followers on Redis; otherwise gateways on the engine's relay.
 */
export async function startGateways({ server, count, redis, databaseUrl, slice, nice = 0, log }) {
  const marker = `FANOUT_GATEWAY=${server.dataDir}`;
  const children = [];
  const dirs = [];
  const urls = [];
  const logDir = join(ROOT, '.tmp');
  try {
    for (let i = 0; i < count; i += 1) {
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'brisk-fanout-gw-'));
      dirs.push(dataDir);
      const logFile = join(logDir, `fanout-gateway-${i}.log`);
      const fd = openSync(logFile, 'w');
      const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', FANOUT_GATEWAY: server.dataDir, RATES_URL: 'off', ...(slice && { STREAM_SLICE: slice }) };
      delete env.DATABASE_URL;
      delete env.DATABASE_SCHEMA;
      delete env.REDIS_URL;
      let entry;
      let ready;
      if (redis) {
        Object.assign(env, { DATABASE_URL: databaseUrl, REDIS_URL: redis, MARKET_ENGINE: 'off', SIMULATOR: 'off', DATA_DIR: dataDir, RATE_LIMIT_PER_MIN: '100000' });
        entry = 'server/src/main.ts';
        ready = `http://127.0.0.1:${port}/api/getSiteConfig`;
      } else {
        Object.assign(env, { STREAM_RELAY: join(server.dataDir, 'stream-relay.sock'), DATA_DIR: dataDir });
        entry = 'server/src/gateway-main.ts';
        ready = `http://127.0.0.1:${port}/healthz`;
      }
      const command = [process.execPath, join(ROOT, 'node_modules/tsx/dist/cli.mjs'), entry];
      // nice(1) before node, so tsx's child process (the server itself) inherits the niceness.
      const [file, ...argv] = nice ? ['nice', '-n', String(nice), ...command] : command;
      const child = spawn(file, argv, { cwd: ROOT, env, detached: true, stdio: ['ignore', fd, fd] });
      closeSync(fd);
      children.push(child);
      await waitFor(ready, child, logFile);
      urls.push(`http://127.0.0.1:${port}`);
      log(`${redis ? 'follower' : 'gateway'} ${i + 1} ready on ${urls.at(-1)} (log ${logFile})`);
    }
  } catch (error) {
    for (const child of children) try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    throw error;
  }
  const stop = async () => {
    for (const child of children) try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
    const deadline = Date.now() + 5000;
    while (children.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline) await sleep(100);
    for (const child of children) try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', () => {
    for (const child of children) try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
  });
  return { urls, cpuMs: () => cpuMsOf(marker), stop };
}
