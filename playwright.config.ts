import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests on a phone-sized Chromium. Run them with `npm run test:e2e` (scripts/e2e.mjs):
 * it builds the app if needed, starts the real server on a free port with a fresh data dir and
 * passes its address as E2E_BASE_URL. Without it, tests go to a server you started yourself
 * (`npm start`, port 8080).
 */

// The shared Chromium helpers are plain .mjs scripts; a computed specifier keeps tsc from asking for types.
interface ChromiumHelpers {
  findChromium(): string | undefined;
  chromiumArgs(): string[];
}
const chromiumModule = './scripts/ensure-chromium.mjs';
const { findChromium, chromiumArgs } = (await import(chromiumModule)) as ChromiumHelpers;

/**
 * Specs that move the server's clock forward (POST /api/dev/clock) by hours, a day, a week. The suite
 * shares one server, so scripts/e2e.mjs runs them after the others (whose sessions, pending deposits
 * and trades a jump would end or disturb), one at a time: E2E_PHASE=shared, then E2E_PHASE=clock.
 */
const CLOCK_SPECS = ['**/ieo.spec.ts', '**/lockming.spec.ts', '**/invest.spec.ts'];
const PHASE = process.env.E2E_PHASE;

const CI = process.env.CI === 'true' || process.env.CI === '1';
const executablePath = findChromium();
if (!executablePath) throw new Error('No system Chromium found: run `node scripts/ensure-chromium.mjs` (or set CHROMIUM_PATH)');

export default defineConfig({
  testDir: 'tests/e2e',
  ...(PHASE === 'shared' ? { testIgnore: CLOCK_SPECS } : PHASE === 'clock' ? { testMatch: CLOCK_SPECS } : {}),
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 5_000 },
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Two cores: two browsers at most, beside the server.
  workers: 2,
  reporter: CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080',
    browserName: 'chromium',
    launchOptions: { executablePath, args: chromiumArgs() },
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-US',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'phone' }],
});
