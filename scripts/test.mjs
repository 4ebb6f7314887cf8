// `npm test`: every check, in order, stopping at the first failure, then a summary with timings.
//   npm test                 all steps
//   npm test -- unit e2e     only the named steps (still in the order below)
import { spawn } from 'node:child_process';
import { ROOT } from './lib/build-state.mjs';

const STEPS = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'unit', script: 'test:unit' }, // vitest run --project unit
  { name: 'server', script: 'test:server' }, // vitest run --project server
  { name: 'build', script: 'build' },
  { name: 'budget', script: 'budget' },
  { name: 'e2e', script: 'test:e2e' },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !STEPS.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(`test: unknown step ${unknown.join(', ')}; steps are ${STEPS.map((step) => step.name).join(', ')}`);
  process.exit(2);
}
const steps = wanted.length > 0 ? STEPS.filter((step) => wanted.includes(step.name)) : STEPS;

let current;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    current?.kill(signal);
    process.exit(130);
  });
}

function runScript(script) {
  return new Promise((resolve) => {
    current = spawn('npm', ['run', script], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    current.on('error', (error) => {
      console.error(`test: cannot start npm: ${error.message}`);
      resolve(1);
    });
    current.on('exit', (code, signal) => resolve(code ?? (signal ? `signal ${signal}` : 1)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const results = [];
const started = performance.now();
for (const [index, step] of steps.entries()) {
  const banner = `==== [${index + 1}/${steps.length}] ${step.name}: npm run ${step.script} `;
  console.log(`\n${banner.padEnd(78, '=')}\n`);
  const stepStarted = performance.now();
  const exit = await runScript(step.script);
  const ms = performance.now() - stepStarted;
  results.push({ name: step.name, ok: exit === 0, ms, exit });
  if (exit !== 0) break;
}
const totalMs = performance.now() - started;

console.log(`\n${'==== summary '.padEnd(78, '=')}\n`);
for (const step of steps) {
  const result = results.find((r) => r.name === step.name);
  const status = !result ? 'skipped' : result.ok ? 'ok' : `FAILED (exit ${result.exit})`;
  console.log(`  ${step.name.padEnd(10)} ${(result ? seconds(result.ms) : '-').padStart(9)}  ${status}`);
}
const failed = results.find((result) => !result.ok);
console.log(`  ${'total'.padEnd(10)} ${seconds(totalMs).padStart(9)}`);
console.log(failed ? `\ntest: FAILED at ${failed.name}` : '\ntest: all steps passed');
process.exit(failed ? 1 : 0);
