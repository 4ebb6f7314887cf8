/**
 * `clients` loops, each reading `paths` in turn (GET, `token` as the session when given) back to back
 * while a bench works, each request's wall time filed under the phase current when it answered.
 * A reply that is not an `ok` envelope stops the bench.
 */
export function startApiReaders(url: string, paths: readonly string[], clients: number, firstPhase: string, token?: string) {
  const latencies: Record<string, number[]> = {};
  // An object the loops read on every turn, so a phase set later reaches them.
  const state: { phase: string | null } = { phase: firstPhase };
  const loops = Array.from({ length: clients }, async (_, c) => {
    for (let n = c; state.phase !== null; n += 1) {
      const started = performance.now();
      const answer = await fetch(url + paths[n % paths.length], { headers: token ? { authorization: token } : {} }).then((r) => r.json() as Promise<{ type: string }>);
      if (answer.type !== 'ok') throw new Error(`${paths[n % paths.length]}: ${JSON.stringify(answer)}`);
      if (state.phase !== null) (latencies[state.phase] ??= []).push(performance.now() - started);
    }
  });
  return {
    /** Files the requests that answer from now on under `phase`. */
    phase(phase: string): void {
      state.phase = phase;
    },
    /** Ends the loops; answers the request times by phase. */
    async stop(): Promise<Record<string, number[]>> {
      state.phase = null;
      await Promise.all(loops);
      return latencies;
    },
  };
}
