// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Assertion = [string, Record<string, unknown>];
interface Rc {
  ci: { assert: { assertMatrix: { matchingUrlPattern: string; assertions: Record<string, Assertion> }[] } };
}
interface Decision {
  level: 'warn' | 'error';
  reason: string;
}
interface TimingsModule {
  TIMING_ASSERTIONS: readonly string[];
  CONTESTED_PRESSURE: number;
  CONTESTED_CONTROL_TBT: number;
  withTimingsAs(rc: Rc, level: string): Rc;
  decideTimings(state: { mode: string | undefined; restPressure: number | null | undefined; controlTbt: number | undefined }): Decision;
  timingFailures(results: Record<string, unknown>[]): { urls: string[]; otherFailures: number };
}
// A plain .mjs tool module: imported by path so its JavaScript is not type-checked here.
const timingsModule = '../../scripts/lib/lhci-timings.mjs';
const { TIMING_ASSERTIONS, CONTESTED_PRESSURE, CONTESTED_CONTROL_TBT, withTimingsAs, decideTimings, timingFailures } = (await import(/* @vite-ignore */ timingsModule)) as TimingsModule;

const rc = JSON.parse(readFileSync(new URL('../../lighthouserc.json', import.meta.url), 'utf8')) as Rc;
const levels = (config: Rc) => config.ci.assert.assertMatrix.flatMap((entry) => Object.entries(entry.assertions).map(([id, [level]]) => `${entry.matchingUrlPattern} ${id} ${level}`));

describe('the timings at another level (LHCI_TIMINGS=warn)', () => {
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

describe('the timing level CI asserts at (LHCI_TIMINGS=auto)', () => {
  const auto = (restPressure: number | null | undefined, controlTbt: number | undefined) => decideTimings({ mode: 'auto', restPressure, controlTbt });

  it('asserts the timings as errors on a machine measured quiet', () => {
    expect(auto(0.4, 0)).toEqual({ level: 'error', reason: expect.stringContaining('quiet: CPU pressure 0.4 % at rest, control page TBT 0 ms') });
    expect(auto(CONTESTED_PRESSURE - 0.1, CONTESTED_CONTROL_TBT - 1).level).toBe('error');
  });

  it('reports them as warnings, saying why, when the host keeps runnable work waiting or the control page blocks', () => {
    expect(auto(CONTESTED_PRESSURE, 0)).toEqual({ level: 'warn', reason: expect.stringContaining(`CPU pressure ${CONTESTED_PRESSURE} % at rest`) });
    expect(auto(18.6, 0).level).toBe('warn');
    expect(auto(0.2, CONTESTED_CONTROL_TBT)).toEqual({ level: 'warn', reason: expect.stringContaining(`control page (no script) has TBT ${CONTESTED_CONTROL_TBT} ms`) });
  });

  it('warns where the machine cannot be read, since it cannot be called quiet', () => {
    expect(auto(null, 0).reason).toMatch(/does not report CPU pressure/);
    expect(auto(undefined, 0).level).toBe('warn');
    expect(auto(0.5, undefined)).toEqual({ level: 'warn', reason: expect.stringMatching(/control page could not be measured/) });
  });

  it('keeps an explicit level and refuses an unknown one', () => {
    expect(decideTimings({ mode: 'warn', restPressure: 0, controlTbt: 0 }).level).toBe('warn');
    expect(decideTimings({ mode: 'error', restPressure: 40, controlTbt: 300 }).level).toBe('error');
    expect(() => decideTimings({ mode: 'sometimes', restPressure: 0, controlTbt: 0 })).toThrow(/auto, warn or error/);
  });
});

describe('which routes a second collect may help (assertion-results.json)', () => {
  const home = 'http://127.0.0.1:4000/?route=home';
  const spot = 'http://127.0.0.1:4000/?route=spot';
  const result = (url: string, auditId: string, auditProperty: string | undefined, passed: boolean, level = 'error') => ({ url, auditId, auditProperty, passed, level });

  it('names the routes whose only error failures are timings, once each', () => {
    const results = [
      result(home, 'total-blocking-time', undefined, false),
      result(home, 'categories', 'performance', false),
      result(home, 'categories', 'accessibility', true),
      result(spot, 'largest-contentful-paint', undefined, false),
      result(spot, 'resource-summary', 'script.size', true),
    ];
    expect(timingFailures(results)).toEqual({ urls: [home, spot], otherFailures: 0 });
  });

  it('counts any other failed error, which no second collect can mend, and ignores warnings', () => {
    const results = [
      result(home, 'total-blocking-time', undefined, false),
      result(spot, 'resource-summary', 'script.size', false),
      result(spot, 'categories', 'accessibility', false),
      result(spot, 'first-contentful-paint', undefined, false, 'warn'),
    ];
    expect(timingFailures(results)).toEqual({ urls: [home], otherFailures: 2 });
    expect(timingFailures([result(home, 'cumulative-layout-shift', undefined, false)])).toEqual({ urls: [], otherFailures: 1 });
  });
});
