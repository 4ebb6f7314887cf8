// fast-check for `npm run soak:props` (vitest.props.config.ts aliases 'fast-check' here): every
// fc.assert runs PROPS_RUNS times whatever count its test gives for CI, seeded by PROPS_SEED when
// set (a failure prints the seed and path that replay it either way).
import real from '../../node_modules/fast-check/lib/fast-check.js';

const runs = Number(process.env.PROPS_RUNS) || 10_000;
const seed = process.env.PROPS_SEED ? Number(process.env.PROPS_SEED) : undefined;

type Assert = typeof real.assert;
const assert = ((property: Parameters<Assert>[0], params?: Parameters<Assert>[1]) =>
  real.assert(property as never, { ...params, numRuns: runs, ...(seed === undefined ? {} : { seed }) } as never)) as Assert;

const fc: typeof real = { ...real, assert };
export default fc;
