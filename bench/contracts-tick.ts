/**
 * Contracts trigger loop: how long one pass (`services.contracts.tick()`: overrides, option settlement,
 * limit fills, overnight check, TP/SL, liquidation check, risk messages) takes with many open positions,
 * on SQLite in a temp DATA_DIR. Run: `npx tsx bench/contracts-tick.ts` (BENCH_USERS, BENCH_PER_USER).
 * The server runs in this process, simulator off, with a hand-set BTC/USDT mark (60000). BENCH_USERS
 * (200) users each open BENCH_PER_USER (5) positions of 10 lots at 10x: longs (even ones) with
 * take-profit at 70000, shorts at 50000. Ten passes are timed with the mark moving 5 USDT either
 * way, so PnL changes (every user gets a risk message) but nothing triggers; then a move to 70000
 * closes every long by take-profit and one to 50000 every short, each pass timed too.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decimalToMinor } from '../server/domain/minor-units.ts';
import { startServer } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { ManualClock } from '../server/services/clock.ts';
import { ManualMarkSource } from '../server/services/contracts/mark-price-source.ts';
import { hashPassword } from '../server/services/password-hasher.ts';
import { walletOf } from '../server/modules/wallet/module.ts';
import { contractsOf } from '../server/modules/contracts/module.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const PER_USER = Number(process.env.BENCH_PER_USER ?? 5);
const PASSES = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'brisk-bench-contracts-'));
const marks = new ManualMarkSource();
const clock = new ManualClock(new Date());
const server = await startServer({ ...loadConfig({}), port: 0, dataDir, databaseUrl: undefined, logLevel: 'silent', simulator: false, ratesUrl: undefined, staticDir: join(dataDir, 'none') }, { clock, markSource: marks });
const s = { ...server.services, ...walletOf(server.modules), contracts: contractsOf(server.modules) };
const setMark = (price: string) => marks.set('BTC/USDT', price, clock.now().getTime());
try {
  setMark('60000');
  await s.contracts.tick();
  const usdt = await s.currencies.usable('USDT');
  const btc = await s.contracts.directory.find({ symbol: 'BTC/USDT' });
  if (!usdt.ok || !btc.ok) throw new Error('no USDT or BTC/USDT');
  const network = (await s.currencies.networksOf(usdt.value.id))[0];
  if (!network) throw new Error('no USDT network');
  const hash = await hashPassword('secret-1', { ln: 4, r: 8, p: 1 });
  const call = (userId: number, endpoint: string) => ({ userId, endpoint, key: randomUUID(), fields: { n: randomUUID() } });
  const setupStart = performance.now();
  for (let u = 0; u < USERS; u += 1) {
    const created = await s.users.create({ target: { kind: 'email', email: `bench${u}@example.com` }, passwordHash: hash, inviterId: null });
    if (!created.ok) throw new Error(created.code);
    const uid = created.value;
    const sent = await s.chain.send(uid, network, decimalToMinor('10000', usdt.value.decimals) ?? 0n);
    if (!sent.ok || !(await s.chain.confirm(sent.value.id)).ok) throw new Error('deposit');
    await s.transfers.accountChange(call(uid, 'wallet/change'), { currency: usdt.value, amountMinor: 10_000_000_000n, from: 'change', to: 'lever' });
    for (let p = 0; p < PER_USER; p += 1) {
      const opened = await s.contracts.futures.submit(call(uid, 'lever/submit'), {
        symbol: btc.value, side: p % 2 === 0 ? 'long' : 'short', multiple: 10, lots: 10, orderType: 'market', limitTicks: null,
        tpTicks: p % 2 === 0 ? 7_000_000_000_000n : 5_000_000_000_000n, slTicks: null,
      });
      if (!opened.ok) throw new Error(opened.code);
    }
  }
  const setupMs = performance.now() - setupStart;
  const times: number[] = [];
  for (let i = 0; i < PASSES; i += 1) {
    setMark(String(60000 + (i % 2 === 0 ? 5 : -5)));
    const start = performance.now();
    await s.contracts.tick();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  setMark('70000');
  const triggerStart = performance.now();
  const report = await s.contracts.tick();
  const triggerMs = performance.now() - triggerStart;
  const longsClosed = report.futures.closed.length;
  setMark('50000');
  const shortStart = performance.now();
  const shorts = await s.contracts.tick();
  const shortMs = performance.now() - shortStart;
  console.log(JSON.stringify({
    users: USERS, positions: USERS * PER_USER, setupMs: Math.round(setupMs),
    passMs: { median: Math.round(times[Math.floor(times.length / 2)] ?? 0), min: Math.round(times[0] ?? 0), max: Math.round(times.at(-1) ?? 0) },
    tpPass: { closed: longsClosed, ms: Math.round(triggerMs) },
    tpPassShorts: { closed: shorts.futures.closed.length, ms: Math.round(shortMs) },
  }, null, 1));
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
