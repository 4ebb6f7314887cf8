// The timing assertions of lighthouserc.json, and a copy of the config with them at another level.
//
// Bytes, accessibility, best practices, SEO, layout shift and third-party requests give the same
// answer on every run; performance score, FCP, LCP and TBT move with the machine (bench/README.md:
// the same build gave TBT 0-132 ms one day and 140-1,400 the next on this 2-core class). `.ci/run`
// asserts the first group as errors and reports the timings as warnings (LHCI_TIMINGS=warn) until
// they pass on this machine class; `npm run lhci` alone asserts everything as errors.

/** Assertion ids whose result depends on how fast the machine is that day. */
export const TIMING_ASSERTIONS = Object.freeze(['categories:performance', 'first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']);

/** A copy of a Lighthouse CI config with every timing assertion at `level` ('warn' or 'error'); the rest untouched. */
export function withTimingsAs(rc, level) {
  if (level !== 'warn' && level !== 'error') throw new Error(`LHCI_TIMINGS must be warn or error, not ${JSON.stringify(level)}`);
  const copy = structuredClone(rc);
  for (const entry of copy.ci.assert.assertMatrix ?? []) {
    for (const id of TIMING_ASSERTIONS) {
      const assertion = entry.assertions?.[id];
      if (Array.isArray(assertion)) assertion[0] = level;
    }
  }
  return copy;
}
