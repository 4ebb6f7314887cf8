// A Chromium for measuring the app (the benches, Lighthouse CI's signed-in runs): started here on a
// debugging port with measuredChromiumArgs() and a fresh profile, then driven over CDP, the way
// Lighthouse drives the one it starts. Playwright's own launch is not used for measuring because
// its command line brings a --disable-features of its own, and Chromium keeps only the last one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { measuredChromiumArgs } from '../ensure-chromium.mjs';
import { freePort } from './test-server.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts headless Chromium (with `extraArgs` after the measured ones); answers { port, connect(),
 * stop() }. connect() gives a Playwright Browser over CDP (its close() only disconnects); stop()
 * kills Chromium and deletes the profile, and runs by itself when this process exits.
 */
export async function startMeasuredChromium({ executablePath, extraArgs = [] }) {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'brisk-chromium-'));
  const browser = spawn(executablePath, [...measuredChromiumArgs(), ...extraArgs, '--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-browser.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    rmSync(profile, { recursive: true, force: true });
  };
  process.on('exit', stop);
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      if (i > 100) {
        stop();
        throw new Error('Chromium did not open its debugging port');
      }
    }
    await sleep(100);
  }
  return { port, connect: () => chromium.connectOverCDP(`http://127.0.0.1:${port}`), stop };
}
