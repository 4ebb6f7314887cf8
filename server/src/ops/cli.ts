import { userInfo } from 'node:os';
import { migrateToLatest } from '../../db/migrate.ts';
import { openDatabase } from '../../db/open-database.ts';
import { runSeed } from '../../db/seed/run-seed.ts';
import { systemClock } from '../../services/clock.ts';
import { createServices } from '../../services/create-services.ts';
import { hashPassword } from '../../services/password-hasher.ts';
import { loadConfig } from '../config.ts';
import { dueStatus } from './due-commands.ts';
import { ledgerCheck } from './ledger-commands.ts';
import { MODULES } from '../../modules/modules.ts';
import { ModuleSet } from '../../modules/module-set.ts';
import { OpsError, UsageError, type OpsCommand, type OpsContext } from './ops-context.ts';

/**
 * The operator's command line: `npm run ops -- <command> [args]`. It works on the same database as
 * the server (DATA_DIR, or DATABASE_URL / DATABASE_SCHEMA), while the server runs; the server reads
 * balances from the database on every request, so it shows the change at once. Every command is
 * recorded in ops_audit with who ran it (OPERATOR, else the OS user), when, and how it ended.
 * Exit status: 0 done, 1 refused or failed, 2 wrong usage.
 */
const CORE: Record<string, OpsCommand> = {
  'ledger-check': { usage: 'ledger-check', summary: 'verify sums, replay postings against balances, frozen against what every product holds (one snapshot)', run: ledgerCheck },
  due: { usage: 'due', summary: 'work due at a time, per kind: done, pending, due now (a runner behind), failing with a failure\'s text', run: dueStatus },
};

/** The platform's commands, then each module's (server/modules/modules.ts). */
function commands(): Record<string, OpsCommand> {
  const all: Record<string, OpsCommand> = { ...CORE };
  for (const module of MODULES) {
    for (const [name, command] of Object.entries(module.ops ?? {})) {
      if (all[name]) throw new Error(`ops command "${name}" is declared twice (module ${module.name})`);
      all[name] = command;
    }
  }
  return all;
}

const COMMANDS = commands();

function help(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  return [
    'Brisk operator commands: npm run ops -- <command> [args]',
    'Database: DATA_DIR (SQLite, default ./data) or DATABASE_URL (+ DATABASE_SCHEMA). Operator name: OPERATOR, else the OS user.',
    '',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    `  ${'help'.padEnd(width)}  this list`,
  ].join('\n');
}

function operatorName(): string {
  const named = process.env.OPERATOR?.trim();
  if (named) return named;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(help() + '\n');
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`unknown command "${name}"\n\n${help()}\n`);
    return 2;
  }
  const args = { positional: rest.filter((a) => !a.startsWith('--')), flags: new Set(rest.filter((a) => a.startsWith('--'))) };
  const config = loadConfig();
  const handle = openDatabase(config);
  const log = { info: () => undefined, warn: (obj: object, msg: string) => process.stderr.write(`warning: ${msg} ${JSON.stringify(obj)}\n`) };
  try {
    await migrateToLatest(handle.db, handle.dialect, config.databaseSchema);
    await runSeed(handle.db, handle.dialect, { hashPassword, now: systemClock.now() });
    const ctx = { db: handle.db, dialect: handle.dialect, clock: systemClock, log };
    const serviceOptions = { dataDir: config.dataDir, chainBlockMs: config.chainBlockMs };
    const services = await createServices(ctx, serviceOptions);
    const ops: OpsContext = { services, modules: await ModuleSet.build(ctx, services, serviceOptions), db: handle.db, operator: operatorName() };
    const entry = { operator: ops.operator, command: name, args: rest };
    try {
      const output = await command.run(ops, args);
      await services.audit.record({ ...entry, result: 'ok', detail: output });
      process.stdout.write(output + '\n');
      return 0;
    } catch (error) {
      const expected = error instanceof OpsError || error instanceof UsageError;
      const text = expected ? error.message : String((error as Error).stack ?? error);
      await services.audit.record({ ...entry, result: 'error', detail: text });
      process.stderr.write(`${name}: ${text}\n`);
      if (error instanceof UsageError) process.stderr.write(`usage: npm run ops -- ${command.usage}\n`);
      return error instanceof UsageError ? 2 : 1;
    }
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`ops failed: ${String((error as Error).stack ?? error)}\n`);
    process.exitCode = 1;
  },
);
