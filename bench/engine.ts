// `npx tsx bench/engine.ts`: the matching engine alone, in process, one symbol. Not part of `npm test`.
//
// Like exchange-core's published test (one order book, ~1,000 resting orders in ~750 price slots,
// 1,000 users, 3,000,000 commands), with the mix of our API instead of its GTC/IOC/cancel/move mix
// (Brisk has no move): ~50 % limit orders (about a fifth of them priced through the opposite best,
// so they fill or partly fill), ~35 % cancels of resting orders, ~15 % market orders. The book size is
// held near its target by turning a limit into a cancel (or back) when it drifts more than 20 % away.
//
// The stream is generated once, by running it through a separate OrderBook while tracking which ids
// rest (so every cancel names a resting order), then replayed on fresh books: a warm-up run, then RUNS
// measured runs. Each run is two passes over the same stream on a fresh, identically pre-filled book:
//   - throughput: the whole stream between two process.hrtime.bigint() reads, nothing else timed;
//     also per CPU second (process.cpuUsage(), all threads of the process, GC included), which
//     other jobs on a shared machine cannot inflate the way they stretch wall-clock time;
//   - latency: each operation between two performance.now() reads (a double, no allocation; the
//     pair's own cost is measured and printed, and is included in the figures). The pass also
//     counts operations over 10 µs and the GC pauses the runtime reported meanwhile, to tell a GC
//     tail from the process being descheduled.
// Both passes also read the depth changes every 1,024 operations, as the depth publisher will (in
// the throughput time, outside the per-operation times).
// Figures are the median over the runs. Environment: BENCH_COMMANDS (3,000,000), BENCH_RUNS (3),
// BENCH_SEED.
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { OrderBook, type NewOrder, type Side } from '../server/domain/matching/order-book.ts';
import { SeededRandom } from '../server/domain/seeded-random.ts';

const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 3_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SEED = Number(process.env.BENCH_SEED ?? 20_261_120);
const BOOK_TARGET = 1_000;
const USERS = 1_000;
const MID_TICKS = 1_000_000;
const CROSSING_SHARE = 0.2;
/** The depth delta stream's read: takeDepthChanges() once every 1,024 operations (as a publisher on a timer would). */
const DEPTH_EVERY_MASK = 1_023;
/** Operations slower than this are counted: compare with the GC's scavenge count (node --trace-gc). */
const SLOW_NS = 10_000;

const LIMIT = 0;
const MARKET = 1;
const CANCEL = 2;
const OP_NAMES = ['limit', 'market', 'cancel'] as const;

interface Stream {
  prefill: NewOrder[];
  /** What the generated book went through: sizes and best bid seen. */
  range: { minSize: number; maxSize: number; minBid: number; maxBid: number };
  op: Uint8Array;
  /** 0 = buy, 1 = sell. */
  side: Uint8Array;
  /** New order id, or the id to cancel. */
  id: Float64Array;
  userId: Float64Array;
  priceTicks: Float64Array;
  lots: Float64Array;
}

/** A float in [0, 1) from the simulator's mulberry32: the same seed gives the same stream on every machine. */
function rng(seed: number): () => number {
  const seeded = new SeededRandom(seed);
  return () => seeded.next() / 4_294_967_296;
}

/** Resting ids with O(1) random pick and removal (swap with the last). */
class LiveIds {
  private readonly ids: number[] = [];
  private readonly at = new Map<number, number>();
  get size(): number { return this.ids.length; }
  add(id: number): void { this.at.set(id, this.ids.length); this.ids.push(id); }
  remove(id: number): void {
    const i = this.at.get(id);
    if (i === undefined) return;
    const last = this.ids.pop() as number;
    if (last !== id) { this.ids[i] = last; this.at.set(last, i); }
    this.at.delete(id);
  }
  pick(random: number): number { return this.ids[Math.floor(random * this.ids.length)] as number; }
}

function generate(count: number, seed: number): Stream {
  const random = rng(seed);
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  // Passive prices spread geometrically away from the top of the book: ~750 slots live at a time.
  const offset = (): number => Math.floor(-Math.log(1 - random()) * 180);
  const book = new OrderBook('GEN');
  const live = new LiveIds();
  let nextId = 1;
  const apply = (order: NewOrder): void => {
    const result = book.place(order);
    for (const fill of result.fills) if (fill.makerRemainingLots === 0) live.remove(fill.makerOrderId);
    for (const gone of result.expired) live.remove(gone.orderId);
    if (result.rested) live.add(order.id);
  };
  const passive = (side: Side): number => {
    const ownBest = side === 'buy' ? book.bestBid() ?? MID_TICKS - 1 : book.bestAsk() ?? MID_TICKS + 1;
    const oppositeBest = side === 'buy' ? book.bestAsk() : book.bestBid();
    // Around the own best, never crossing: behind it mostly, sometimes improving inside the spread.
    let price = side === 'buy' ? ownBest - offset() + int(0, 2) : ownBest + offset() - int(0, 2);
    if (oppositeBest !== null) price = side === 'buy' ? Math.min(price, oppositeBest - 1) : Math.max(price, oppositeBest + 1);
    return Math.max(1, price);
  };

  const prefill: NewOrder[] = [];
  while (book.size < BOOK_TARGET) {
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    const order: NewOrder = { id: nextId++, userId: int(1, USERS), side, kind: 'limit', priceTicks: passive(side), lots: int(1, 1_000) };
    prefill.push(order);
    apply(order);
  }

  const stream: Stream = {
    prefill, range: { minSize: book.size, maxSize: book.size, minBid: MID_TICKS, maxBid: 0 }, op: new Uint8Array(count), side: new Uint8Array(count), id: new Float64Array(count),
    userId: new Float64Array(count), priceTicks: new Float64Array(count), lots: new Float64Array(count),
  };
  const range = stream.range;
  for (let i = 0; i < count; i++) {
    if (book.size < range.minSize) range.minSize = book.size;
    if (book.size > range.maxSize) range.maxSize = book.size;
    const bid = book.bestBid() ?? MID_TICKS;
    if (bid < range.minBid) range.minBid = bid;
    if (bid > range.maxBid) range.maxBid = bid;
    const roll = random();
    let op = roll < 0.5 ? LIMIT : roll < 0.85 ? CANCEL : MARKET;
    if (op === LIMIT && book.size > BOOK_TARGET * 1.2) op = CANCEL;
    else if (op === CANCEL && (book.size < BOOK_TARGET * 0.8 || live.size === 0)) op = LIMIT;
    stream.op[i] = op;
    if (op === CANCEL) {
      const id = live.pick(random());
      stream.id[i] = id;
      book.cancel(id);
      live.remove(id);
      continue;
    }
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    const oppositeBest = side === 'buy' ? book.bestAsk() : book.bestBid();
    let priceTicks = 0;
    let lots = int(1, 300);
    if (op === LIMIT) {
      const crossing = oppositeBest !== null && random() < CROSSING_SHARE;
      priceTicks = crossing ? (side === 'buy' ? oppositeBest + int(0, 3) : Math.max(1, oppositeBest - int(0, 3))) : passive(side);
      lots = crossing ? int(1, 1_500) : int(1, 1_000);
    }
    const order: NewOrder = { id: nextId++, userId: int(1, USERS), side, kind: op === LIMIT ? 'limit' : 'market', priceTicks, lots };
    stream.side[i] = side === 'buy' ? 0 : 1;
    stream.id[i] = order.id;
    stream.userId[i] = order.userId;
    stream.priceTicks[i] = priceTicks;
    stream.lots[i] = lots;
    apply(order);
  }
  return stream;
}

function prefilledBook(stream: Stream): OrderBook {
  const book = new OrderBook('BENCH');
  for (const order of stream.prefill) book.place({ ...order });
  book.takeDepthChanges();
  return book;
}

/** One operation of the stream; returns the number of fills so the work cannot be optimised away. */
function execute(book: OrderBook, stream: Stream, i: number): number {
  const op = stream.op[i];
  if (op === CANCEL) return book.cancel(stream.id[i] as number) === null ? 0 : 1;
  const order: NewOrder = {
    id: stream.id[i] as number, userId: stream.userId[i] as number, side: stream.side[i] === 0 ? 'buy' : 'sell',
    kind: op === LIMIT ? 'limit' : 'market', priceTicks: stream.priceTicks[i] as number, lots: stream.lots[i] as number,
  };
  return book.place(order).fills.length;
}

function throughputPass(stream: Stream): { opsPerSec: number; opsPerCpuSec: number; checksum: number } {
  const book = prefilledBook(stream);
  const n = stream.op.length;
  let checksum = 0;
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    checksum += execute(book, stream, i);
    if ((i & DEPTH_EVERY_MASK) === 0) book.takeDepthChanges();
  }
  const elapsedNs = Number(process.hrtime.bigint() - start);
  const cpu = process.cpuUsage(cpuStart);
  return { opsPerSec: (n * 1e9) / elapsedNs, opsPerCpuSec: (n * 1e6) / (cpu.user + cpu.system), checksum: checksum + book.size };
}

function latencyPass(stream: Stream): { perOp: Float64Array[]; slow: number; checksum: number } {
  const book = prefilledBook(stream);
  const n = stream.op.length;
  const latencyNs = new Float64Array(n);
  let checksum = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    checksum += execute(book, stream, i);
    latencyNs[i] = (performance.now() - t0) * 1e6;
    if ((i & DEPTH_EVERY_MASK) === 0) book.takeDepthChanges();
  }
  const perOp = OP_NAMES.map((_, op) => latencyNs.filter((_, i) => stream.op[i] === op).sort());
  return { perOp, slow: latencyNs.filter((ns) => ns > SLOW_NS).length, checksum: checksum + book.size };
}

function timerOverheadNs(): number {
  const samples = new Float64Array(1_000_000);
  for (let i = 0; i < samples.length; i++) {
    const t0 = performance.now();
    samples[i] = (performance.now() - t0) * 1e6;
  }
  return quantile(samples.sort(), 0.5);
}

function quantile(sorted: Float64Array, q: number): number {
  return sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const fmt = (ns: number): string => (ns >= 1_000 ? `${(ns / 1_000).toFixed(2)} µs` : `${Math.round(ns)} ns`);

/** GC pauses, as the runtime reports them (delivered a little later, hence the short wait after a pass). */
const gcPauses: PerformanceEntry[] = [];
new PerformanceObserver((list) => { gcPauses.push(...list.getEntries()); }).observe({ entryTypes: ['gc'] });

async function main(): Promise<void> {
  const genStart = process.hrtime.bigint();
  const stream = generate(COMMANDS, SEED);
  const counts = OP_NAMES.map((_, op) => stream.op.filter((o) => o === op).length);
  console.log(`Node ${process.version}; ${COMMANDS.toLocaleString('en')} commands generated in ${(Number(process.hrtime.bigint() - genStart) / 1e9).toFixed(1)} s; `
    + `prefill ${stream.prefill.length} orders; book ${stream.range.minSize}-${stream.range.maxSize} orders, best bid ${stream.range.minBid}-${stream.range.maxBid} ticks; mix ${OP_NAMES.map((name, op) => `${name} ${((100 * (counts[op] as number)) / COMMANDS).toFixed(1)} %`).join(', ')}`);

  const warm = throughputPass(stream);
  console.log(`warm-up: ${Math.round(warm.opsPerSec).toLocaleString('en')} ops/s`);
  const overheadNs = timerOverheadNs();

  const throughputs: number[] = [];
  const cpuThroughputs: number[] = [];
  const latencies: { perOp: Float64Array[]; slow: number }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const t = throughputPass(stream);
    if (t.checksum !== warm.checksum) throw new Error('replay diverged: the engine is not deterministic');
    const passStart = performance.now();
    const l = latencyPass(stream);
    const passEnd = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const pauses = gcPauses.filter((e) => e.startTime >= passStart && e.startTime <= passEnd);
    if (l.checksum !== warm.checksum) throw new Error('replay diverged: the engine is not deterministic');
    throughputs.push(t.opsPerSec);
    cpuThroughputs.push(t.opsPerCpuSec);
    latencies.push(l);
    const all = l.perOp.map((a) => quantile(a, 0.99));
    console.log(`run ${run}: ${Math.round(t.opsPerSec).toLocaleString('en')} ops/s (${Math.round(t.opsPerCpuSec).toLocaleString('en')} per CPU second); `
      + `latency pass: ${l.slow} operations over ${fmt(SLOW_NS)}, ${pauses.length} GC pauses (${pauses.filter((e) => e.duration * 1e6 > SLOW_NS).length} over ${fmt(SLOW_NS)}); p99 ${OP_NAMES.map((name, op) => `${name} ${fmt(all[op] as number)}`).join(', ')}`);
  }

  const fillOps = (() => {
    const book = prefilledBook(stream);
    let trading = 0;
    let fills = 0;
    for (let i = 0; i < stream.op.length; i++) {
      const f = execute(book, stream, i);
      if (stream.op[i] !== CANCEL && f > 0) { trading++; fills += f; }
    }
    return { trading, fills, size: book.size, depth: book.depth(Number.MAX_SAFE_INTEGER) };
  })();
  console.log(`${((100 * fillOps.trading) / COMMANDS).toFixed(1)} % of commands traded (${fillOps.fills.toLocaleString('en')} fills); `
    + `book at the end: ${fillOps.size} orders in ${fillOps.depth.bids.length + fillOps.depth.asks.length} levels`);
  console.log(`\nmedian of ${RUNS} runs: ${Math.round(median(throughputs)).toLocaleString('en')} ops/s wall clock, `
    + `${Math.round(median(cpuThroughputs)).toLocaleString('en')} ops per CPU second (process.cpuUsage, all threads)`);
  console.log(`per-operation latency (median over runs; includes the timer pair, itself ${fmt(overheadNs)} at p50):`);
  console.log('| operation | count | p50 | p99 | p99.9 |');
  console.log('|---|---|---|---|---|');
  OP_NAMES.forEach((name, op) => {
    const q = (p: number): string => fmt(median(latencies.map((l) => quantile(l.perOp[op] as Float64Array, p))));
    console.log(`| ${name} | ${(counts[op] as number).toLocaleString('en')} | ${q(0.5)} | ${q(0.99)} | ${q(0.999)} |`);
  });
}

await main();
