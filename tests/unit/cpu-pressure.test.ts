// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

interface PressureModule {
  someStallTotal(text: string | undefined): number | null;
  measureCpuPressure(ms: number, file?: string): Promise<number | null>;
  describePressure(percent: number | null | undefined): string;
}
// A plain .mjs tool module: imported by path so its JavaScript is not type-checked here.
const pressureModule = '../../scripts/lib/cpu-pressure.mjs';
const { someStallTotal, measureCpuPressure, describePressure } = (await import(/* @vite-ignore */ pressureModule)) as PressureModule;

const psi = (some: number, full = 0) =>
  `some avg10=17.78 avg60=8.88 avg300=3.94 total=${some}\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=${full}\n`;

describe('CPU pressure (/proc/pressure/cpu)', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('reads the "some" line\'s total, not the "full" one', () => {
    expect(someStallTotal(psi(16_247_946, 99))).toBe(16_247_946);
    expect(someStallTotal('full avg10=0.00 avg60=0.00 avg300=0.00 total=5\n')).toBeNull();
    expect(someStallTotal(undefined)).toBeNull();
  });

  it('gives the share of the window some task waited, in percent', async () => {
    dir = mkdtempSync(join(tmpdir(), 'brisk-psi-'));
    const file = join(dir, 'cpu');
    writeFileSync(file, psi(1_000_000));
    // 40 ms of stall written halfway through a window of about 200 ms: about 20 %.
    setTimeout(() => writeFileSync(file, psi(1_040_000)), 100);
    const percent = await measureCpuPressure(200, file);
    expect(percent).toBeGreaterThan(5); // a slow timer only lengthens the window
    expect(percent).toBeLessThanOrEqual(20);
  });

  it('says nothing where the kernel reports no pressure', async () => {
    expect(await measureCpuPressure(1, '/nonexistent/pressure/cpu')).toBeNull();
    expect(describePressure(null)).toBe('not reported');
    expect(describePressure(0)).toBe('0 %');
  });
});
