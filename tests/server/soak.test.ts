import { describe, expect, it } from 'vitest';
import { runSoak } from '../soak/soak-run.ts';

/**
 * The soak's short run (`npm run soak` runs 100 cycles): two kill -9 cycles under mixed load, on
 * PostgreSQL when DATABASE_URL is set; and proof that its checks report a planted broken balance.
 */
const databaseUrl = process.env.DATABASE_URL || undefined;

describe('soak: kill -9 under load', () => {
  it('loses nothing acknowledged and replays every key without a second effect over 2 cycles', async () => {
    const report = await runSoak({ cycles: 2, seed: 20261205, databaseUrl, killAfterMs: [800, 2000] });
    expect(report.problems).toEqual([]);
    expect(report.cycles.every((c) => c.acknowledged > 20)).toBe(true);
  }, 180_000);

  it('reports a balance broken behind the ledger\'s back', async () => {
    const report = await runSoak({ cycles: 1, seed: 7, databaseUrl, killAfterMs: [300, 300], plantFault: true });
    expect(report.problems.some((p) => p.includes('ledger:'))).toBe(true);
  }, 180_000);
});
