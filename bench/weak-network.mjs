// `node bench/weak-network.mjs [--runs=3] [--route=home|spot] [--waterfall] [--trace=<file>]`: how
// long the home tab (or the coin trading screen) takes to become interactive on a weak mobile link,
// first visit and repeat visit (service worker warm). Not part of `npm test`.
//
// Conditions: 400 kbit/s down and up shared by all connections, in 1,460-byte segments, 400 ms
// round trip per request and one more to open a connection (its handshake), through a SOCKS5 proxy
// the browser is pointed at (bench/lib/slow-link.mjs: Chromium's own network throttling leaves the
// page uncontrolled by its service worker); a new Chromium for every run; CPU slowed 4x (CDP Emulation.setCPUThrottlingRate); a 390x844 phone viewport at
// DPR 2. The app is the built dist/ (rebuilt when stale; STATIC_DIR=<dir> serves
// another build, to compare) served by the real server (scripts/lib/test-server.mjs: temp DATA_DIR,
// SIMULATOR=off).
//
// "Interactive" = the screen shows its content (home: the news list and the feature menu are in the
// DOM; spot: the pair's last price, the order form and the order book) AND the main thread is quiet:
// no long task (> 50 ms) in the following 1 s. The figure is the later of "content shown" and "end of
// the last long task before that quiet second", in ms from navigation start (the same idea as
// Lighthouse's TTI, with the screen's content as the anchor). FCP and LCP come from the browser's own
// paint entries. Bytes: "transfer size" sums Resource Timing's transferSize
// (bodies plus a fixed 300 bytes a response, the worker's own fetches left out); "bytes down the link
// by content shown" is what the proxy handed to the browser from navigation start until the content
// showed, response headers and all: the bytes a first visit waits for.
//
// BENCH_BASE_URL=<url> measures an app already served there instead (for instance behind a
// compressing proxy, to see what text compression would change, or behind a TLS terminator with
// HTTP/2 as a deployment serves it: an https:// URL makes the browser accept its certificate).
//
// First visit: a new browser context (empty HTTP cache, no worker). Repeat visit: after the first
// visit the worker is installed and has precached the shell; a new page in the same context opens
// the home tab again. Everything that goes to the server crosses the slow link, the worker's own
// requests included; answers from the worker's caches do not.
/* global document, location, navigator, PerformanceObserver, MutationObserver */
import { writeFileSync } from 'node:fs';
import { describePressure, measureCpuPressure } from '../scripts/lib/cpu-pressure.mjs';
import { startMeasuredChromium } from '../scripts/lib/measured-chromium.mjs';
import { ensureBuilt } from '../scripts/lib/build-state.mjs';
import { startTestServer } from '../scripts/lib/test-server.mjs';
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import { benchmarkIndex } from './lib/machine-index.mjs';
import { startSlowLink } from './lib/slow-link.mjs';

const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 3);
/** --waterfall prints every request of each load: start, end, bytes. */
const WATERFALL = process.argv.includes('--waterfall');
/**
 * --trace=<file> writes a Chrome trace of the first run's first visit, with JavaScript samples: open
 * it in the DevTools performance panel (how the browser's own omnibox renderer and the first Intl
 * formatters were found in session 6). Tracing slows that load down: its figures are not results.
 */
const TRACE = process.argv.find((arg) => arg.startsWith('--trace='))?.slice('--trace='.length);
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing', 'loading', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'];
/** The screens --route= can open: the hash, and the elements whose presence says the content is there. */
const ROUTES = {
  home: { hash: '/', content: ['.news-list li', '.feature-menu__item'] },
  spot: { hash: '/pages/transaction/currency', content: ['[data-testid="pair-last"]', '.order-form', '[data-testid="order-book"]'] },
};
const ROUTE_NAME = process.argv.find((arg) => arg.startsWith('--route='))?.slice('--route='.length) ?? 'home';
const ROUTE = ROUTES[ROUTE_NAME];
if (!ROUTE) throw new Error(`--route must be one of ${Object.keys(ROUTES).join(', ')}`);
const KBPS = 400;
const RTT_MS = 400;
const CPU_SLOWDOWN = 4;
const QUIET_MS = 1000;
const TIMEOUT_MS = 120_000;
const log = (line) => console.error(`bench: ${line}`);

/** Recorded in the page from its first script on: long tasks, paints, and when the screen's content appears. */
function instrument(content) {
  const w = /** @type {any} */ (globalThis);
  w.__bench = { longTasks: [], contentAt: 0, lcp: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__bench.longTasks.push([entry.startTime, entry.startTime + entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (w.__bench.contentAt) return;
    if (!content.every((selector) => document.querySelector(selector))) return;
    w.__bench.contentAt = performance.now();
    w.__bench.onContent?.();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

/**
 * Evaluates `expression` in the page through the run's own CDP session. Playwright's page.evaluate and
 * waitForFunction first install its injected scripts in the page, which at 4x CPU is a 20-90 ms task on
 * the main thread inside the window being measured (seen in a trace, session 25).
 */
async function evaluate(cdp, expression) {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
  if (exceptionDetails) throw new Error(`bench: page evaluation failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value;
}

/** Resolves when the instrument (above) has seen the content; the page's own timer waits for its first script. */
const CONTENT_SHOWN = `new Promise((resolve) => {
  const wait = () => {
    const bench = globalThis.__bench;
    if (!bench) return void setTimeout(wait, 50);
    if (bench.contentAt) resolve(true);
    else bench.onContent = () => resolve(true);
  };
  wait();
})`;

async function waitForContent(cdp) {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    let timer;
    const late = new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()), false)));
    try {
      if (await Promise.race([evaluate(cdp, CONTENT_SHOWN), late])) return;
      throw new Error('bench: the content did not show in time');
    } catch (error) {
      // Evaluated in the document the navigation replaced: ask the new one.
      if (Date.now() > deadline || !/context|destroyed|navigat/i.test(String(error))) throw error;
    } finally {
      // A pending timer would keep the bench's process alive for up to TIMEOUT_MS after its last run.
      clearTimeout(timer);
    }
  }
}

async function throttle(page) {
  // The network is slowed by the proxy in front of the server (bench/lib/slow-link.mjs).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/** Opens the screen in `page` under throttling and answers the timings of this load, in ms. */
async function measure(page, url, link, traceFile) {
  const cdp = await throttle(page);
  await link.whenIdle();
  if (traceFile) await page.context().browser().startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
  await waitForContent(cdp);
  // Wait until a quiet second has passed after the content (or after the last long task).
  for (;;) {
    const { contentAt, longTasks, now } = await evaluate(cdp, '({ ...globalThis.__bench, now: performance.now() })');
    const lastEnd = Math.max(contentAt, ...longTasks.map(([, end]) => end));
    if (now - lastEnd >= QUIET_MS) break;
    await page.waitForTimeout(200);
  }
  if (traceFile) {
    writeFileSync(traceFile, await page.context().browser().stopTracing());
    log(`trace of this load in ${traceFile}`);
  }
  if (WATERFALL) {
    const entries = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => [Math.round(e.startTime), Math.round(e.requestStart), Math.round(e.responseStart), Math.round(e.responseEnd), e.transferSize, e.name.replace(location.origin, '')]),
    );
    const nav = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0]; return [n.domInteractive, n.domContentLoadedEventEnd].map(Math.round); });
    log(`  start   request  response  end   bytes  (domInteractive ${nav[0]}, DOMContentLoaded ${nav[1]})`);
    for (const [start, request, response, end, size, name] of entries) log(`  ${[start, request, response, end].map((t) => String(t).padStart(6)).join(' ')} ${String(size).padStart(7)} ${name}`);
  }
  const result = await page.evaluate(() => {
    const b = /** @type {any} */ (globalThis).__bench;
    // The last long task that ends before a quiet second after the content.
    let interactive = b.contentAt;
    for (const [start, end] of [...b.longTasks].sort((x, y) => x[0] - y[0])) {
      if (start < interactive + 1000 && end > interactive) interactive = end;
    }
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const bytes = performance
      .getEntriesByType('resource')
      .concat(performance.getEntriesByType('navigation'))
      .reduce((sum, entry) => sum + (/** @type {PerformanceResourceTiming} */ (entry).transferSize || 0), 0);
    return {
      fcp: Math.round(fcp),
      lcp: Math.round(b.lcp),
      content: Math.round(b.contentAt),
      interactive: Math.round(interactive),
      longTasks: b.longTasks.length,
      bytes,
      controlled: !!navigator.serviceWorker.controller,
      // Wall-clock ms, to line up with the link's own count.
      startedAt: performance.timeOrigin,
      contentAtWall: performance.timeOrigin + b.contentAt,
    };
  });
  const { startedAt, contentAtWall, ...timings } = result;
  // What the link carried to the browser until the content showed: the first visit's critical bytes,
  // response headers included (Resource Timing's transferSize counts a fixed 300 bytes for those).
  return { ...timings, linkBytes: link.bytesDown(startedAt, contentAtWall) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const executablePath = ensureChromium({ log });
  const external = process.env.BENCH_BASE_URL;
  if (!process.env.STATIC_DIR && !external) ensureBuilt({ log });
  // Before anything of ours runs: the share of time the host kept runnable work waiting (the day's weather).
  const restPressure = await measureCpuPressure(10_000);
  const server = external ? { baseUrl: external.replace(/\/$/, ''), stop: async () => undefined } : await startTestServer({ name: 'bench', log });
  const link = await startSlowLink({ target: server.baseUrl, kbps: KBPS, rttMs: RTT_MS });
  const results = { first: [], repeat: [] };
  /** Lighthouse's benchmarkIndex in each run's browser, unthrottled. */
  const machine = [];
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      // A new Chromium for every run: one that has loaded the app before has learnt how many
      // connections it opens (its loading predictor preconnects them on the next navigation), and a
      // first visit is made by a browser that has not.
      // An https:// BENCH_BASE_URL is a local TLS terminator with a certificate of its own making.
      const tlsArgs = server.baseUrl.startsWith('https:') ? ['--ignore-certificate-errors'] : [];
      const measured = await startMeasuredChromium({ executablePath, extraArgs: [...link.proxyArgs, ...tlsArgs] });
      const browser = await measured.connect();
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
      // Measured on a blank page of the run's own browser, before anything is throttled.
      const probe = await context.newPage();
      machine.push(await benchmarkIndex(probe));
      await probe.close();
      await context.addInitScript(instrument, ROUTE.content);
      const url = `${link.url}/#${ROUTE.hash}`;
      const first = await context.newPage();
      results.first.push(await measure(first, url, link, run === 1 ? TRACE : undefined));
      // Let the worker install, precache and take the page (it registers once the first screen has
      // settled; its precache crosses the same slow link).
      await first.waitForFunction(
        () => !!navigator.serviceWorker.controller,
        null,
        { timeout: TIMEOUT_MS, polling: 250 },
      );
      await first.close();
      const repeat = await context.newPage();
      results.repeat.push(await measure(repeat, url, link));
      await repeat.close();
      await context.close();
      await browser.close();
      measured.stop();
      log(`run ${run}/${RUNS}: first ${JSON.stringify(results.first.at(-1))}; repeat ${JSON.stringify(results.repeat.at(-1))}`);
    }
  } finally {
    await link.close();
    await server.stop();
  }
  const rows = [];
  for (const [visit, list] of Object.entries(results)) {
    rows.push(
      `| ${visit} | ${median(list.map((r) => r.interactive))} | ${median(list.map((r) => r.content))} | ${median(list.map((r) => r.fcp))} | ${median(list.map((r) => r.lcp))} | ${median(list.map((r) => r.bytes))} | ${median(list.map((r) => r.linkBytes))} | ${list.map((r) => r.interactive).join(', ')} |`,
    );
  }
  console.log(
    `\n${ROUTE_NAME === 'home' ? 'Home tab' : `Route ${ROUTE_NAME} (#${ROUTE.hash})`} at ${KBPS} kbit/s, ${RTT_MS} ms RTT, CPU x${CPU_SLOWDOWN} (median of ${RUNS}; ms from navigation start; machine: Lighthouse benchmarkIndex ${machine.join(', ')}, unthrottled; CPU pressure at rest ${describePressure(restPressure)}):\n\n` +
      '| visit | interactive | content shown | FCP | LCP | transfer size | bytes down the link by content shown | interactive, every run |\n|---|---|---|---|---|---|---|---|\n' +
      rows.join('\n') +
      '\n',
  );
}

try {
  await main();
} catch (error) {
  log(error.stack ?? error.message);
  process.exit(1);
}
