/** The `p`th percentile (0-100) of ascending `sorted`, NaN when empty. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** "N requests, p50 …, p99 …, max …" of request times in ms. */
export function latencySummary(latencies: readonly number[]): string {
  const s = [...latencies].sort((a, b) => a - b);
  return `${s.length} requests, p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, max ${(s.at(-1) ?? NaN).toFixed(1)} ms`;
}
