// @vitest-environment node
import { describe, expect, it } from 'vitest';

interface ControlModule {
  CONTROL_HTML: string;
  median(values: number[]): number | undefined;
}
// A plain .mjs tool module: imported by path so its JavaScript is not type-checked here.
const controlModule = '../../scripts/lib/lhci-control.mjs';
const { CONTROL_HTML, median } = (await import(/* @vite-ignore */ controlModule)) as ControlModule;

describe('the Lighthouse control page', () => {
  it('is static: no script, no image, no stylesheet to wait for', () => {
    expect(CONTROL_HTML).not.toMatch(/<script|<img|<link|<iframe|<style/i);
    expect(CONTROL_HTML).toMatch(/<html lang="en">/);
  });

  it('takes the middle value, the lower middle one of an even count', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(20);
    expect(median([])).toBeUndefined();
  });
});
