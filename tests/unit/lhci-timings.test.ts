// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Assertion = [string, Record<string, unknown>];
interface Rc {
  ci: { assert: { assertMatrix: { matchingUrlPattern: string; assertions: Record<string, Assertion> }[] } };
}
interface TimingsModule {
  TIMING_ASSERTIONS: readonly string[];
  withTimingsAs(rc: Rc, level: string): Rc;
}
// A plain .mjs tool module: imported by path so its JavaScript is not type-checked here.
const timingsModule = '../../scripts/lib/lhci-timings.mjs';
const { TIMING_ASSERTIONS, withTimingsAs } = (await import(/* @vite-ignore */ timingsModule)) as TimingsModule;

const rc = JSON.parse(readFileSync(new URL('../../lighthouserc.json', import.meta.url), 'utf8')) as Rc;
const levels = (config: Rc) => config.ci.assert.assertMatrix.flatMap((entry) => Object.entries(entry.assertions).map(([id, [level]]) => `${entry.matchingUrlPattern} ${id} ${level}`));

describe('the release gate in CI (LHCI_TIMINGS=warn)', () => {
  it('names assertions the config really has, each an error there', () => {
    const all = rc.ci.assert.assertMatrix.flatMap((entry) => Object.entries(entry.assertions));
    for (const id of TIMING_ASSERTIONS) expect(all.filter(([name]) => name === id).map(([, [level]]) => level), id).toEqual(['error']);
  });

  it('turns exactly the timings into warnings and leaves bytes, scores and layout shift errors', () => {
    const warned = withTimingsAs(rc, 'warn');
    const changed = levels(warned).filter((line, i) => line !== levels(rc)[i]);
    expect(changed.sort()).toEqual(TIMING_ASSERTIONS.map((id) => `.* ${id} warn`).sort());
    expect(levels(warned).filter((line) => line.endsWith(' error'))).toEqual(expect.arrayContaining([
      '.* categories:accessibility error',
      '.* categories:best-practices error',
      '.* cumulative-layout-shift error',
      '\\?route=home$ resource-summary:script:size error',
    ]));
    // Thresholds are kept, and the config read from disk is not changed.
    expect(warned.ci.assert.assertMatrix[0]?.assertions['first-contentful-paint']?.[1]).toEqual({ maxNumericValue: 1250 });
    expect(levels(rc).filter((line) => line.endsWith(' warn'))).toEqual([]);
  });

  it('refuses a level lhci would not understand', () => {
    expect(() => withTimingsAs(rc, 'off')).toThrow(/warn or error/);
    expect(levels(withTimingsAs(rc, 'error'))).toEqual(levels(rc));
  });
});
