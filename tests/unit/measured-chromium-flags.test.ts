// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface ChromiumFlags {
  MEASURED_DISABLED_FEATURES: string[];
  measuredChromiumArgs(): string[];
}
// A plain .mjs tool module: imported by path so its JavaScript is not type-checked here.
const chromiumModule = '../../scripts/ensure-chromium.mjs';
const { MEASURED_DISABLED_FEATURES, measuredChromiumArgs } = (await import(/* @vite-ignore */ chromiumModule)) as ChromiumFlags;

const disabledIn = (args: string[]) => args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));

describe('the Chromium that measures the app', () => {
  it('Lighthouse CI turns off the same features as the benches, in its one --disable-features', () => {
    const rc = JSON.parse(readFileSync(new URL('../../lighthouserc.json', import.meta.url), 'utf8')) as { ci: { collect: { settings: { chromeFlags: string } } } };
    // Chromium keeps only the last --disable-features: a second one would undo the first.
    expect(disabledIn(rc.ci.collect.settings.chromeFlags.split(/\s+/))).toEqual([MEASURED_DISABLED_FEATURES]);
    expect(disabledIn(measuredChromiumArgs())).toEqual([MEASURED_DISABLED_FEATURES]);
  });
});
