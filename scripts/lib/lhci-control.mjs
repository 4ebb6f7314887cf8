// The machine's floor for Lighthouse's timings: the same audit on a control page (a few lines of
// static HTML, no script, no image) in the same Chromium with the same flags.
//
// benchmarkIndex times a JavaScript loop on one thread and says nothing of the rest of the machine;
// on 2026-11-27 it read 2,400-2,700 while a page with no script at all got long tasks of 60-135 ms
// (simulated) and home's TBT was 5-10 times the day before's: Chromium's other processes and
// Lighthouse itself wait for the same two cores as the page (bench/README.md, session 16, which
// also found the largest of them, the full browser's install chip, now gone with the headless
// shell). A TBT over budget on a day the control page is also far from zero is the machine; on a
// day it is near zero, the app.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CONTROL_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Lighthouse control page</title></head><body><h1>Control page</h1><p>Static text, no script: the floor of this machine.</p></body></html>';

/** The median of numbers (the lower middle one for an even count). */
export function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function runLighthouse(lighthouseCli, chromePath, args) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, CHROME_PATH: chromePath };
    const child = spawn(process.execPath, [lighthouseCli, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * Audits the control page `runs` times (performance only, mobile defaults and lighthouserc's
 * Chromium flags) and returns the median TBT and main-thread work, with every run's TBT.
 */
export async function measureControl({ lighthouseCli, chromePath, chromeFlags, runs }) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(CONTROL_HTML);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const dir = mkdtempSync(join(tmpdir(), 'brisk-lhci-control-'));
  const tbt = [];
  const work = [];
  try {
    for (let run = 0; run < runs; run++) {
      const output = join(dir, `run-${run}.json`);
      const profile = join(dir, `profile-${run}`);
      const code = await runLighthouse(lighthouseCli, chromePath, [
        url,
        // --headless=new matters only when CHROMIUM_HEADLESS_SHELL names a full Chromium; the shell ignores it.
        `--chrome-flags=${chromeFlags} --headless=new --user-data-dir=${profile}`,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
      ]);
      if (code !== 0) continue;
      const lhr = JSON.parse(readFileSync(output, 'utf8'));
      tbt.push(lhr.audits['total-blocking-time'].numericValue);
      work.push(lhr.audits['mainthread-work-breakdown'].numericValue);
    }
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { runs: tbt.length, tbt: median(tbt), mainThreadWork: median(work), everyTbt: tbt };
}
