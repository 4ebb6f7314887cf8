// How much of a window the machine's runnable work spent waiting for a CPU: Linux's pressure stall
// information (/proc/pressure/cpu, "some" line, total microseconds since boot).
//
// On this VM class the figure with nothing of ours running tells a contested host from a quiet one
// where Lighthouse's benchmarkIndex does not: on 2026-11-29 (session 32) it read 17-20 % at rest
// while benchmarkIndex read a fast 1,770-2,866 and every route's TBT was 2-5 times the budget; on a
// quiet day it reads under 1 % and every timing passes (bench/README.md).
import { readFileSync } from 'node:fs';

const PRESSURE_FILE = '/proc/pressure/cpu';

/** Microseconds some task spent waiting for a CPU since boot, from the text of /proc/pressure/cpu; null when absent. */
export function someStallTotal(text) {
  const match = /^some\b.*\btotal=(\d+)/m.exec(text ?? '');
  return match ? Number(match[1]) : null;
}

function readTotal(file) {
  try {
    return someStallTotal(readFileSync(file, 'utf8'));
  } catch {
    return null; // not Linux, or a kernel without PSI
  }
}

/**
 * Starts reading: `percent()` is the share of the time since (in percent, one decimal) during which
 * some runnable task waited for a CPU, or null where the kernel does not say. `file` is for tests.
 */
export function startPressureMeter(file = PRESSURE_FILE) {
  const before = readTotal(file);
  const started = performance.now();
  return {
    percent() {
      const after = readTotal(file);
      if (before === null || after === null) return null;
      const elapsedUs = (performance.now() - started) * 1000;
      return Math.round(((after - before) / elapsedUs) * 1000) / 10;
    },
  };
}

/** The pressure over the next `ms` (startPressureMeter). */
export async function measureCpuPressure(ms, file = PRESSURE_FILE) {
  const meter = startPressureMeter(file);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return meter.percent();
}

/** A reading of measureCpuPressure for a log line. */
export const describePressure = (percent) => (percent === null || percent === undefined ? 'not reported' : `${percent} %`);
