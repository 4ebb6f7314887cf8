// `npm run soak [-- --cycles 100 --seed 42 --pg]`: the kill -9 soak (soak-run.ts). --pg runs it on
// PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test); exits 1 on any problem.
import { parseArgs } from 'node:util';
import { runSoak } from './soak-run.ts';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '100' },
    seed: { type: 'string' },
    pg: { type: 'boolean', default: false },
    users: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '12' },
  },
});
const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const databaseUrl = values.pg ? process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' : undefined;
console.log(`soak: ${values.cycles} cycles, seed ${seed}, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`);
const report = await runSoak({
  cycles: Number(values.cycles), seed, databaseUrl, users: Number(values.users), concurrency: Number(values.concurrency), log: (line) => console.log(line),
});
const sum = (pick: (c: (typeof report.cycles)[number]) => Record<string, number>) => {
  const total: Record<string, number> = {};
  for (const c of report.cycles) for (const [name, n] of Object.entries(pick(c))) total[name] = (total[name] ?? 0) + n;
  return total;
};
const restarts = report.cycles.map((c) => c.restartMs).sort((a, b) => a - b);
console.log(JSON.stringify({
  seed, dialect: report.dialect, cycles: report.cycles.length, acknowledged: report.acknowledged, by_write: sum((c) => c.byWrite), lost_or_doubled: report.problems.length,
  refused: sum((c) => c.refused), restart_ms_p50: restarts[Math.floor(restarts.length / 2)], seconds: report.seconds,
}, null, 1));
for (const p of report.problems.slice(0, 20)) console.log(`PROBLEM ${p}`);
process.exit(report.problems.length === 0 ? 0 : 1);
