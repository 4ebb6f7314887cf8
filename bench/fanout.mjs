// Streams fan-out (issue 43): N socket.io clients on the public tickers stream while the API is
// timed. Starts the real server (SQLite on a temp DATA_DIR, the market simulator on at
// SIMULATOR_PACE so the tickers batch goes out at its 4 Hz), opens the clients from several forked
// load processes (bench/lib/fanout-clients.mjs: websocket transport, one connection per client,
// each on its own loopback address), and over the measured window reports: messages a second,
// batches a second, lag p50/p99/max (arrival minus the batch's server `time`), seq gaps, drops
// (clients not at the last seq anyone saw 3 s after the window), disconnects, the server's CPU (from
// /proc/<pid>/stat, every process of its DATA_DIR), the load processes' CPU, the CPU pressure over
// the window (/proc/pressure/cpu, our own processes included), and the p50/p99 of HTTP requests
// (GET /api/currency/quotation_new from this process, keep-alive, open loop at --probe-hz) made
// meanwhile. --procs: 1,250 clients a load process keeps each under 15 % of a core, so none falls
// behind.
// Prints one JSON line on stdout; progress goes to stderr. Not part of `npm test`.
//
//   node bench/fanout.mjs [--clients 5000] [--procs 4] [--seconds 20] [--warmup 5] [--pace 6]
//                         [--probe-hz 20] [--gateways 0] [--redis redis://127.0.0.1:6379]
//                         [--slice off|<sockets>] [--client socket.io|raw] [--load-nice 0] [--label text]
//
// --slice sets the server's STREAM_SLICE (off: socket.io's whole broadcast, the code before issue 43).
// --client raw: lean protocol clients on `ws` instead of socket.io-client (bench/lib/fanout-clients.mjs).
// --load-nice N runs the load processes at that niceness (0 by default: they compete with the server);
// --gateway-nice N the gateways or followers (so the API's process has the CPU first).
//
// --gateways N starts N stream gateway processes (server/src/gateway-main.ts) on the engine's relay
// (STREAM_RELAY) and spreads the clients over them; with --redis <url> they are instead N full
// server processes following the engine on one PostgreSQL database (a fresh one made on
// --database-url's server, default postgres://postgres@127.0.0.1:5432/postgres) and sharing rooms
// through the Redis adapter. The HTTP probe always asks the engine's process.
// bench/README.md, "Streams fan-out", has the figures.
//
// Targets (issue 43, this 2-core machine): 5,000 clients at 4 batches a second with lag p99 at most
// 250 ms while the API's p99 stays at most 50 ms.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../scripts/lib/build-state.mjs';
import { startPressureMeter } from '../scripts/lib/cpu-pressure.mjs';
import { startTestServer } from '../scripts/lib/test-server.mjs';
import { cpuMsOf } from './lib/cpu-ms-of.mjs';
import { startGateways } from './lib/fanout-gateways.mjs';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    procs: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    pace: { type: 'string', default: '6' },
    'probe-hz': { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '50' },
    gateways: { type: 'string', default: '0' },
    redis: { type: 'string' },
    'database-url': { type: 'string' },
    label: { type: 'string', default: '' },
    slice: { type: 'string' },
    client: { type: 'string', default: 'socket.io' },
    'load-nice': { type: 'string', default: '0' },
    'gateway-nice': { type: 'string', default: '0' },
  },
});
const CLIENTS = Number(args.clients);
const PROCS = Math.max(1, Math.min(Number(args.procs), CLIENTS));
const SECONDS = Number(args.seconds);
const WARMUP_S = Number(args.warmup);
const PROBE_HZ = Number(args['probe-hz']);
const GATEWAYS = Number(args.gateways);
const TARGET = { clients: 5000, batchesPerS: 4, lagP99Ms: 250, apiP99Ms: 50 };

const log = (line) => console.error(line);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function histogramPercentile(hist, total, p) {
  if (total === 0) return null;
  const want = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let ms = 0; ms < hist.length; ms += 1) {
    seen += hist[ms];
    if (seen >= want) return ms;
  }
  return hist.length - 1;
}

/** Open-loop HTTP probe: one request every 1000 / hz ms, whether or not the last one answered. */
function startProbe(baseUrl, hz) {
  const times = [];
  let errors = 0;
  let inFlight = 0;
  const timer = setInterval(() => {
    const started = performance.now();
    inFlight += 1;
    fetch(`${baseUrl}/api/currency/quotation_new`)
      .then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
        times.push(performance.now() - started);
      })
      .catch(() => (errors += 1))
      .finally(() => (inFlight -= 1));
  }, 1000 / hz);
  return {
    async stop() {
      clearInterval(timer);
      while (inFlight > 0) await sleep(20);
      const sorted = [...times].sort((a, b) => a - b);
      const round = (v) => (v === null ? null : Math.round(v * 10) / 10);
      return { requests: times.length, errors, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? null) };
    },
  };
}

/** A new database on the PostgreSQL server of `adminUrl`, dropped after the run. */
async function freshDatabase(adminUrl) {
  const { default: pg } = await import('pg');
  const name = `brisk_fanout_${process.pid}_${Date.now() % 100000}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The load processes' latest progress reports while they open their clients. */
const progress = [];

function startLoadProcesses() {
  const procs = [];
  const per = Math.ceil(CLIENTS / PROCS);
  if (CLIENTS === 0) return procs;
  for (let p = 0; p < PROCS; p += 1) {
    const from = p * per;
    const count = Math.min(per, CLIENTS - from);
    if (count <= 0) break;
    const child = fork(join(ROOT, 'bench/lib/fanout-clients.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, FANOUT_LOAD: '1' } });
    // The clients stand for phones elsewhere: a niceness lets the server have the CPU first.
    if (Number(args['load-nice']) !== 0) setPriority(child.pid, Number(args['load-nice']));
    const waiters = new Map();
    child.on('message', (message) => {
      if (message.type === 'progress') {
        progress[p] = message;
        return;
      }
      const waiter = waiters.get(message.type);
      waiters.delete(message.type);
      waiter?.(message);
    });
    const ask = (command, answer) => new Promise((resolve) => {
      waiters.set(answer, resolve);
      child.send(command);
    });
    procs.push({ child, from, count, ask });
  }
  return procs;
}

const gatewayMode = GATEWAYS > 0 && !args.redis;
let database = null;
if (args.redis) database = await freshDatabase(args['database-url'] ?? 'postgres://postgres@127.0.0.1:5432/postgres');
// BENCH_URL + BENCH_DATA_DIR: measure a server started by hand (to profile it: node --cpu-prof --import tsx
// server/src/main.ts with SIMULATOR_PACE=6 RATES_URL=off DATA_DIR=<empty dir>).
const server = process.env.BENCH_URL
  ? { baseUrl: process.env.BENCH_URL, dataDir: process.env.BENCH_DATA_DIR, stop: async () => undefined, logTail: () => '' }
  : await startTestServer({
  name: 'fanout',
  log,
  app: false,
  databaseUrl: database?.url,
  env: {
    SIMULATOR: 'on',
    SIMULATOR_PACE: args.pace,
    RATES_URL: 'off',
    ...(args.slice && { STREAM_SLICE: args.slice }),
    ...(args.redis && { REDIS_URL: args.redis }),
    ...(gatewayMode && { STREAM_RELAY: 'on' }),
  },
});
let gateways = null;
let procs = [];
let exitCode = 0;
let cleaning = null;
/** Stops the load processes, the gateways and the server (and drops the database); once, from the end or a signal. */
function cleanUp() {
  cleaning ??= (async () => {
    for (const p of procs) if (p.child.connected) p.child.send({ type: 'close' });
    await sleep(500);
    for (const p of procs) p.child.kill();
    await gateways?.stop();
    await server.stop();
    await database?.drop().catch((error) => log(`could not drop the database: ${error.message}`));
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
try {
  const socketUrls = [server.baseUrl];
  if (gatewayMode || args.redis) {
    gateways = await startGateways({ server, count: Math.max(GATEWAYS, 1), redis: args.redis, databaseUrl: database?.url, slice: args.slice, nice: Number(args['gateway-nice']), log });
    socketUrls.splice(0, 1, ...gateways.urls);
  }
  log(`opening ${CLIENTS} clients from ${PROCS} load processes on ${socketUrls.join(', ')} ...`);
  procs = startLoadProcesses();
  const opened = performance.now();
  const reporter = setInterval(() => {
    const sum = (pick) => progress.reduce((n, r) => n + (r ? pick(r) : 0), 0);
    const merged = {};
    for (const r of progress) for (const part of [r?.failures ?? {}, r?.dropReasons ?? {}]) for (const [why, n] of Object.entries(part)) merged[why] = (merged[why] ?? 0) + n;
    log(`... ${sum((r) => r.opened)} subscribed after ${Math.round((performance.now() - opened) / 1000)} s${Object.keys(merged).length ? `; failed or dropped: ${JSON.stringify(merged)}` : ''}`);
  }, 10_000);
  const readies = await Promise.all(procs.map((p) => p.ask({ type: 'open', urls: socketUrls, from: p.from, count: p.count, concurrency: Number(args.concurrency), kind: args.client }, 'ready')));
  clearInterval(reporter);
  const connected = readies.reduce((sum, r) => sum + r.opened, 0);
  const failures = {};
  for (const r of readies) for (const [why, n] of Object.entries(r.failures)) failures[why] = (failures[why] ?? 0) + n;
  log(`${connected} clients subscribed in ${((performance.now() - opened) / 1000).toFixed(1)} s${Object.keys(failures).length ? `; failures ${JSON.stringify(failures)}` : ''}`);

  log(`warm-up ${WARMUP_S} s ...`);
  await sleep(WARMUP_S * 1000);
  log(`measuring ${SECONDS} s ...`);
  const engineMarker = `DATA_DIR=${server.dataDir}`;
  const cpu0 = { engine: cpuMsOf(engineMarker), gateways: gateways?.cpuMs() ?? 0, load: cpuMsOf('FANOUT_LOAD=1') };
  const pressure = startPressureMeter();
  const probe = startProbe(server.baseUrl, PROBE_HZ);
  for (const p of procs) p.child.send({ type: 'start' });
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  const stats = await Promise.all(procs.map((p) => p.ask({ type: 'stop' }, 'stats')));
  const elapsedS = (performance.now() - t0) / 1000;
  const api = await probe.stop();
  const cpu1 = { engine: cpuMsOf(engineMarker), gateways: gateways?.cpuMs() ?? 0, load: cpuMsOf('FANOUT_LOAD=1') };
  const cpuPressure = pressure.percent();

  const lag = new Array(10_001).fill(0);
  let messages = 0;
  let gaps = 0;
  let missing = 0;
  let disconnects = 0;
  const dropReasons = {};
  let maxSeq = 0;
  let minSeq = Infinity;
  for (const s of stats) {
    s.lag.forEach((n, ms) => (lag[ms] += n));
    messages += s.messages;
    gaps += s.gaps;
    missing += s.missing;
    disconnects += s.disconnects;
    for (const [why, n] of Object.entries(s.dropReasons)) dropReasons[why] = (dropReasons[why] ?? 0) + n;
    maxSeq = Math.max(maxSeq, s.maxSeq);
    if (s.minSeq !== null) minSeq = Math.min(minSeq, s.minSeq);
  }
  // Every client should reach the last batch anyone saw; after a grace, those that did not dropped it.
  await sleep(3000);
  const behind = await Promise.all(procs.map((p) => p.ask({ type: 'behind', seq: maxSeq }, 'behind')));
  const batches = Number.isFinite(minSeq) ? maxSeq - minSeq + 1 : 0;
  const pct = (ms) => Math.round((ms / (elapsedS * 1000)) * 1000) / 10;
  const figures = {
    label: args.label || undefined,
    slice: args.slice ?? 'default',
    mode: gatewayMode ? `${GATEWAYS} gateways, relay` : args.redis ? `${gateways.urls.length} processes, redis adapter` : 'one process',
    clients: CLIENTS,
    client: args.client,
    connected,
    loadProcesses: procs.length,
    loadNice: Number(args['load-nice']),
    gatewayNice: gateways ? Number(args['gateway-nice']) : undefined,
    seconds: Math.round(elapsedS * 10) / 10,
    batchesPerS: Math.round((batches / elapsedS) * 100) / 100,
    messagesPerS: Math.round(messages / elapsedS),
    lagMs: { p50: histogramPercentile(lag, messages, 50), p99: histogramPercentile(lag, messages, 99), max: histogramPercentile(lag, messages, 100) },
    seqGaps: gaps,
    missedInGaps: missing,
    drops: behind.reduce((sum, b) => sum + b.behind, 0),
    disconnects,
    dropReasons: Object.keys(dropReasons).length ? dropReasons : undefined,
    apiMs: api,
    serverCpuPct: pct(cpu1.engine - cpu0.engine),
    gatewaysCpuPct: gateways ? pct(cpu1.gateways - cpu0.gateways) : undefined,
    serverCpuUsPerMessage: messages > 0 ? Math.round(((cpu1.engine - cpu0.engine + cpu1.gateways - cpu0.gateways) * 1000) / messages * 10) / 10 : null,
    loadCpuPct: pct(cpu1.load - cpu0.load),
    cpuPressurePct: cpuPressure,
    loadAverage: readFileSync('/proc/loadavg', 'latin1').split(' ').slice(0, 3).join(' '),
  };
  if (Object.keys(failures).length) figures.connectFailures = failures;
  console.log(JSON.stringify(figures));
  const met = CLIENTS >= TARGET.clients && figures.batchesPerS >= TARGET.batchesPerS * 0.95 && figures.lagMs.p99 !== null && figures.lagMs.p99 <= TARGET.lagP99Ms && api.p99 !== null && api.p99 <= TARGET.apiP99Ms;
  log(`target ${TARGET.clients} clients at ${TARGET.batchesPerS} batches/s, lag p99 <= ${TARGET.lagP99Ms} ms, API p99 <= ${TARGET.apiP99Ms} ms: ${met ? 'met' : 'NOT met'}`);
} catch (error) {
  log(error.stack ?? String(error));
  log(server.logTail());
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
