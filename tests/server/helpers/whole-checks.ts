/**
 * When a property run reads the whole database (the ledger check, every order): every run of CI's
 * short count, then every `every`th run, so the 10,000 runs of `npm run soak:props` do not each
 * pay for all the runs before them. The run that fails a late check is then not always the one
 * that broke it: its seed still replays the whole sequence.
 */
export function wholeChecks(ciRuns: number, every = 50): () => boolean {
  let runs = 0;
  return () => {
    runs += 1;
    return runs <= ciRuns || runs % every === 0;
  };
}

/**
 * A property test's timeout: CI's `ciMs`, none under `npm run soak:props` (vitest.props.config.ts
 * sets PROPS_GROUP), where one test runs 10,000 sequences for as long as they take.
 */
export const propsTimeout = (ciMs: number): number => (process.env.PROPS_GROUP === undefined ? ciMs : 0);
