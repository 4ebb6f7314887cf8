// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface ChromiumFlags {
  MEASURED_DISABLED_FEATURES: string[];
  HEADLESS_SHELL: string;
  measuredChromiumArgs(): string[];
  ensureHeadlessShell(options?: { log?: (line: string) => void }): string;
}
// A plain .mjs tool module: imported by path so its JavaScript is not type-checked here.
const chromiumModule = '../../scripts/ensure-chromium.mjs';
const { MEASURED_DISABLED_FEATURES, HEADLESS_SHELL, measuredChromiumArgs, ensureHeadlessShell } = (await import(/* @vite-ignore */ chromiumModule)) as ChromiumFlags;

const disabledIn = (args: string[]) => args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));

describe('the Chromium that measures the app', () => {
  it('Lighthouse CI turns off the same features as the benches, in its one --disable-features', () => {
    const rc = JSON.parse(readFileSync(new URL('../../lighthouserc.json', import.meta.url), 'utf8')) as { ci: { collect: { settings: { chromeFlags: string } } } };
    // Chromium keeps only the last --disable-features: a second one would undo the first.
    expect(disabledIn(rc.ci.collect.settings.chromeFlags.split(/\s+/))).toEqual([MEASURED_DISABLED_FEATURES]);
    expect(disabledIn(measuredChromiumArgs())).toEqual([MEASURED_DISABLED_FEATURES]);
  });

  it('Lighthouse CI measures with the headless shell: its config names it, and CHROMIUM_HEADLESS_SHELL overrides it', () => {
    const rc = JSON.parse(readFileSync(new URL('../../lighthouserc.json', import.meta.url), 'utf8')) as { ci: { collect: { chromePath: string } } };
    expect(rc.ci.collect.chromePath).toBe(HEADLESS_SHELL);
    const before = process.env.CHROMIUM_HEADLESS_SHELL;
    try {
      process.env.CHROMIUM_HEADLESS_SHELL = process.execPath;
      expect(ensureHeadlessShell({ log: () => undefined })).toBe(process.execPath);
      process.env.CHROMIUM_HEADLESS_SHELL = '/nonexistent/chromium-headless-shell';
      expect(() => ensureHeadlessShell({ log: () => undefined })).toThrow(/not an executable file/);
    } finally {
      if (before === undefined) delete process.env.CHROMIUM_HEADLESS_SHELL;
      else process.env.CHROMIUM_HEADLESS_SHELL = before;
    }
  });
});
