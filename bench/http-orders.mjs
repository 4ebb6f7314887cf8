// Order placement over HTTP (issue 4): the real server (SQLite on a temp DATA_DIR, SIMULATOR=off),
// N users registered through the API and funded with the ops CLI, then autocannon (in this process,
// on the same two cores as the server) posting a mix of limit orders (POST /api/coin/trade, each
// with its own idempotency key) from all of them on two pairs: buys and sells alternate a few ticks
// either side of the middle, so about half trade on arrival. A warm-up, then the measured window.
// Prints orders/s, latency p50/p97.5/p99, the server's CPU time per order (/proc, all its threads),
// the answers by envelope code, the HTTP ceiling of the moment (the same connections for 5 s on an
// authenticated request that stops at validation: what HTTP alone allows right now, the best single
// reading of how busy the machine is), and what the database holds afterwards (`ops markets`,
// `ops ledger-check`). Not part of `npm test`.
//
//   node bench/http-orders.mjs [--users 16] [--connections 64] [--duration 20] [--warmup 3]
//
// Targets (ARCHITECTURE / issue 4): at least 5,000 orders/s with p99 at most 25 ms on this 2-core machine.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ROOT } from '../scripts/lib/build-state.mjs';
import { startTestServer } from '../scripts/lib/test-server.mjs';
import { cpuMsOf } from './lib/cpu-ms-of.mjs';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '16' },
    connections: { type: 'string', default: '64' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
  },
});
const USERS = Number(args.users);
const CONNECTIONS = Number(args.connections);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const PASSWORD = 'bench-pass-1';
const TARGET_ORDERS_PER_S = 5000;
const TARGET_P99_MS = 25;

// Two pairs; prices a few ticks either side of the middle, so about half the orders cross.
const PAIRS = [
  { symbol: 'BTC/USDT', mid: 600000, tickText: (t) => (t / 10).toFixed(1), amount: '0.001' },
  { symbol: 'ETH/USDT', mid: 300000, tickText: (t) => (t / 100).toFixed(2), amount: '0.02' },
];
const SPREAD_TICKS = 6;

const log = (line) => console.error(line);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function ops(dataDir, ...cmd) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/src/ops/cli.ts', ...cmd],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', OPERATOR: 'bench', LOG_LEVEL: 'silent' } },
      (error, stdout, stderr) => (error ? reject(new Error(`ops ${cmd.join(' ')}: ${stderr || error.message}`)) : resolve(stdout)));
  });
}

async function api(baseUrl, path, { method = 'POST', data = {}, token } = {}) {
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  if (token) headers.authorization = token;
  const body = new URLSearchParams(data).toString();
  const response = await fetch(method === 'GET' ? `${baseUrl}${path}?${body}` : baseUrl + path, { method, headers, body: method === 'GET' ? undefined : body });
  const envelope = await response.json();
  if (envelope.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.message;
}

/** Registers through the real code flow (dev outbox) and signs in; at most ~25 per run (code and login throttles per IP). */
async function makeUser(baseUrl, index) {
  const email = `bench${index}-${randomUUID().slice(0, 8)}@example.com`;
  await api(baseUrl, '/api/sms_mail', { data: { user_string: email, scene: 'register' } });
  const [message] = await api(baseUrl, '/api/dev/outbox', { method: 'GET', data: { to: email } });
  const { uid } = await api(baseUrl, '/api/user/register', { data: { type: 'email', user_string: email, code: message.code, password: PASSWORD, re_password: PASSWORD } });
  const token = await api(baseUrl, '/api/user/login', { data: { user_string: email, password: PASSWORD, stay: '1' } });
  return { uid, email, token };
}

async function inBatches(items, size, work) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

function orderStream(users) {
  let n = 0;
  return () => {
    n += 1;
    const user = users[n % users.length];
    const pair = PAIRS[(n >> 1) % PAIRS.length];
    const side = n % 2 === 0 ? 'buy' : 'sell';
    const offset = Math.floor(Math.random() * (SPREAD_TICKS + 1)) - SPREAD_TICKS / 2;
    // Buys lean up and sells lean down by a tick, so the book stays small and most orders trade.
    const ticks = pair.mid + offset + (side === 'buy' ? 1 : -1);
    return {
      token: user.token,
      body: new URLSearchParams({ symbol: pair.symbol, type: side, target_price: pair.tickText(ticks), amount: pair.amount, idempotency_key: `b-${n}-${randomUUID()}` }).toString(),
    };
  };
}

function run(baseUrl, users, durationS, codes) {
  const next = orderStream(users);
  return new Promise((resolve, reject) => {
    const instance = autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration: durationS,
      requests: [{
        method: 'POST',
        path: '/api/coin/trade',
        setupRequest: (request) => {
          const order = next();
          return { ...request, headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: order.token }, body: order.body };
        },
        onResponse: (status, body) => {
          let code = `http ${status}`;
          try {
            const envelope = JSON.parse(body);
            code = envelope.type === 'ok' ? 'ok' : envelope.code ?? String(envelope.type);
          } catch { /* counted as the status */ }
          codes.set(code, (codes.get(code) ?? 0) + 1);
        },
      }],
    }, (error, result) => (error ? reject(error) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

// BENCH_URL + BENCH_DATA_DIR: measure a server started by hand (to profile it: node --cpu-prof --import tsx
// server/src/main.ts with SIMULATOR=off RATE_LIMIT_PER_MIN=1000000 DATA_DIR=<empty dir>).
const server = process.env.BENCH_URL
  ? { baseUrl: process.env.BENCH_URL, dataDir: process.env.BENCH_DATA_DIR, stop: async () => undefined, logTail: () => '' }
  : await startTestServer({ name: 'http-orders', log, env: { RATE_LIMIT_PER_MIN: '1000000', LOG_LEVEL: 'warn' } });
let exitCode = 0;
try {
  log(`registering ${USERS} users ...`);
  const users = [];
  for (let i = 0; i < USERS; i += 1) users.push(await makeUser(server.baseUrl, i));
  log('funding them with the ops CLI (10,000,000 USDT, 200 BTC, 4,000 ETH each) ...');
  const deposits = users.flatMap((u) => [[u.uid, 'USDT', '10000000', 'TRC20'], [u.uid, 'BTC', '200', 'Bitcoin'], [u.uid, 'ETH', '4000', 'Ethereum']]);
  await inBatches(deposits, 4, ([uid, coin, amount, network]) => ops(server.dataDir, 'deposit', String(uid), coin, amount, network, '--confirmed'));

  if (WARMUP_S > 0) {
    log(`warm-up ${WARMUP_S} s ...`);
    await run(server.baseUrl, users, WARMUP_S, new Map());
    await sleep(500);
  }
  log(`measuring ${DURATION_S} s with ${CONNECTIONS} connections ...`);
  const codes = new Map();
  const cpuBefore = cpuMsOf(`DATA_DIR=${server.dataDir}`);
  const result = await run(server.baseUrl, users, DURATION_S, codes);
  const cpuMs = cpuMsOf(`DATA_DIR=${server.dataDir}`) - cpuBefore;
  const ordersPerS = result.requests.average;
  const ok = codes.get('ok') ?? 0;
  const total = [...codes.values()].reduce((a, b) => a + b, 0);

  // The same server and connections on an authenticated request that stops at validation
  // (POST /api/coin/cancel with an invalid id): what HTTP alone allows on this machine right now.
  const baseline = await new Promise((resolve, reject) => {
    autocannon({
      url: server.baseUrl, connections: CONNECTIONS, duration: 5,
      requests: [{ method: 'POST', path: '/api/coin/cancel', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: users[0].token }, body: 'id=none' }],
    }, (error, result) => (error ? reject(error) : resolve(result)));
  });
  const markets = await ops(server.dataDir, 'markets');
  const check = await ops(server.dataDir, 'ledger-check').catch((error) => `FAILED: ${error.message}`);
  const figures = {
    users: USERS,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    requests: total,
    ordersPerS: Math.round(ordersPerS),
    acceptedPerS: Math.round(ok / DURATION_S),
    serverCpuMsPerOrder: total > 0 ? Number((cpuMs / total).toFixed(3)) : null,
    loadAverage: readFileSync('/proc/loadavg', 'latin1').split(' ').slice(0, 3).join(' '),
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99, max: result.latency.max },
    httpCeiling: { requestsPerS: Math.round(baseline.requests.average), p99: baseline.latency.p99 },
    answers: Object.fromEntries([...codes.entries()].sort((a, b) => b[1] - a[1])),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
  console.log(JSON.stringify(figures, null, 2));
  console.log(markets.split('\n').filter((line) => /^(symbol|BTC\/USDT|ETH\/USDT)\b/.test(line)).join('\n'));
  console.log(`ledger-check: ${check.trim().split('\n')[0]}`);
  const met = ordersPerS >= TARGET_ORDERS_PER_S && result.latency.p99 <= TARGET_P99_MS;
  console.log(`target ${TARGET_ORDERS_PER_S} orders/s with p99 <= ${TARGET_P99_MS} ms: ${met ? 'met' : 'NOT met'}`);
  if (!check.includes('ok')) exitCode = 1;
} catch (error) {
  log(String(error.stack ?? error));
  log(server.logTail());
  exitCode = 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
