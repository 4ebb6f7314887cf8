// The timing assertions of lighthouserc.json, at which level to assert them, and a copy of the config
// with them at that level.
//
// Bytes, accessibility, best practices, SEO, layout shift and third-party requests give the same
// answer on every run; performance score, FCP, LCP and TBT move with the machine (the same build
// gave TBT 0-84 ms on quiet days and 124-564 on contested ones on this 2-core class; bench/README.md
// has the current reading).
// `npm run lhci` alone asserts everything as errors. `.ci/run` sets LHCI_TIMINGS=auto: the timings
// are errors when the machine is measured quiet (CPU pressure at rest, the control page's TBT), so a
// change that slows a route fails CI, and warnings, with the reason printed, when it is contested,
// so a busy host does not fail a run the app did not slow.

/** Assertion ids whose result depends on how fast the machine is that day. */
export const TIMING_ASSERTIONS = Object.freeze(['categories:performance', 'first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']);

/** CPU pressure at rest (percent of time some task waited) from which the machine counts as contested. */
export const CONTESTED_PRESSURE = 5;
/** The control page's median TBT (ms) from which the machine counts as contested: over half the budget with no script at all. */
export const CONTESTED_CONTROL_TBT = 45;

/** The values LHCI_TIMINGS takes. */
export const TIMING_MODES = Object.freeze(['auto', 'warn', 'error']);

/** Throws on a value LHCI_TIMINGS does not take (before minutes of runs, not after). */
export function checkTimingsMode(mode) {
  if (!TIMING_MODES.includes(mode)) throw new Error(`LHCI_TIMINGS must be auto, warn or error, not ${JSON.stringify(mode)}`);
}

/**
 * The level for the timing assertions and why. `mode` is LHCI_TIMINGS: 'warn' or 'error' as given,
 * 'auto' from the machine's state: `restPressure` (cpu-pressure.mjs, null where unknown) and the
 * control page's median TBT (lhci-control.mjs, undefined when it could not run).
 */
export function decideTimings({ mode, restPressure, controlTbt }) {
  checkTimingsMode(mode);
  if (mode !== 'auto') return { level: mode, reason: `LHCI_TIMINGS=${mode}` };
  if (restPressure === null || restPressure === undefined) {
    return { level: 'warn', reason: 'the kernel does not report CPU pressure here, so a quiet machine cannot be told from a contested one' };
  }
  if (restPressure >= CONTESTED_PRESSURE) {
    return { level: 'warn', reason: `the machine is contested: CPU pressure ${restPressure} % at rest (quiet under ${CONTESTED_PRESSURE} %)` };
  }
  if (controlTbt === undefined) return { level: 'warn', reason: 'the control page could not be measured, so the machine\'s floor is unknown' };
  if (controlTbt >= CONTESTED_CONTROL_TBT) {
    return { level: 'warn', reason: `the machine is contested: the control page (no script) has TBT ${Math.round(controlTbt)} ms (quiet under ${CONTESTED_CONTROL_TBT})` };
  }
  return { level: 'error', reason: `the machine is quiet: CPU pressure ${restPressure} % at rest, control page TBT ${Math.round(controlTbt)} ms` };
}

const assertionKey = (result) => (result.auditProperty ? `${result.auditId}:${result.auditProperty}` : result.auditId);

/**
 * From lhci's assertion-results.json: the URLs whose error-level failures are all timings, and
 * whether any other error failed (then a second collect cannot change the answer).
 */
export function timingFailures(results) {
  const failed = results.filter((result) => !result.passed && (result.level ?? 'error') === 'error');
  const other = failed.filter((result) => !TIMING_ASSERTIONS.includes(assertionKey(result)));
  const urls = [...new Set(failed.filter((result) => TIMING_ASSERTIONS.includes(assertionKey(result))).map((result) => result.url))];
  return { urls, otherFailures: other.length };
}

/** A copy of a Lighthouse CI config with every timing assertion at `level` ('warn' or 'error'); the rest untouched. */
export function withTimingsAs(rc, level) {
  if (level !== 'warn' && level !== 'error') throw new Error(`A timing level must be warn or error, not ${JSON.stringify(level)}`);
  const copy = structuredClone(rc);
  for (const entry of copy.ci.assert.assertMatrix ?? []) {
    for (const id of TIMING_ASSERTIONS) {
      const assertion = entry.assertions?.[id];
      if (Array.isArray(assertion)) assertion[0] = level;
    }
  }
  return copy;
}
