// How fast this machine runs the page's JavaScript, as Lighthouse's benchmarkIndex: the same figure
// every Lighthouse report carries (environment.benchmarkIndex), so a bench's figures and the release
// gate's can be read against one scale. The benches' timings follow the machine (sessions here have
// seen 1,050 to 4,100), and a target missed on a slow machine may be met on a fast one.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/**
 * Runs Lighthouse's own benchmark (about one second of string and array work) in `page`, before
 * any CPU throttling, and answers its index: higher is faster.
 */
export async function benchmarkIndex(page) {
  return page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
}
