import { userInfo } from 'node:os';
import { migrateToLatest } from '../../db/migrate.ts';
import { openDatabase } from '../../db/open-database.ts';
import { runSeed } from '../../db/seed/run-seed.ts';
import { systemClock } from '../../services/clock.ts';
import { createServices } from '../../services/create-services.ts';
import { hashPassword } from '../../services/password-hasher.ts';
import { loadConfig } from '../config.ts';
import * as contracts from './contract-commands.ts';
import { audit, kycApprove, kycPending, kycReject } from './kyc-commands.ts';
import { markets, orders } from './market-commands.ts';
import { simulatorStatus } from './simulator-commands.ts';
import * as money from './money-commands.ts';
import { OpsError, UsageError, type OpsContext } from './ops-context.ts';

/**
 * The operator's command line: `npm run ops -- <command> [args]`. It works on the same database as
 * the server (DATA_DIR, or DATABASE_URL / DATABASE_SCHEMA), while the server runs; the server reads
 * balances from the database on every request, so it shows the change at once. Every command is
 * recorded in ops_audit with who ran it (OPERATOR, else the OS user), when, and how it ended.
 * Exit status: 0 done, 1 refused or failed, 2 wrong usage.
 */
interface Command {
  usage: string;
  summary: string;
  run(ctx: OpsContext, args: money.CommandArgs): Promise<string>;
}

const COMMANDS: Record<string, Command> = {
  deposit: { usage: 'deposit <email|uid> <coin> <amount> [network] [--confirmed]', summary: 'simulate an incoming deposit; credited after its confirmations (at once with --confirmed)', run: money.deposit },
  confirm: { usage: 'confirm <deposit-id|all>', summary: 'mine the blocks a confirming deposit still needs, crediting it', run: money.confirm },
  deposits: { usage: 'deposits', summary: 'deposits still confirming', run: money.deposits },
  tick: { usage: 'tick', summary: 'add the confirmations of blocks mined since the last ones (a running server does this every second)', run: money.tick },
  withdrawals: { usage: 'withdrawals', summary: 'withdrawals waiting for review (pending) or for the chain (approved)', run: money.withdrawals },
  'withdraw-approve': { usage: 'withdraw-approve <id>', summary: 'approve a withdrawal and send it (a fake tx hash on the simulated chain)', run: money.withdrawApprove },
  'withdraw-reject': { usage: 'withdraw-reject <id>', summary: 'reject a pending withdrawal; amount and fee become available again', run: money.withdrawReject },
  charges: { usage: 'charges', summary: 'fiat top-up requests waiting', run: money.charges },
  'charge-credit': { usage: 'charge-credit <id>', summary: 'the money arrived: credit a top-up request', run: money.chargeCredit },
  'charge-reject': { usage: 'charge-reject <id>', summary: 'reject a top-up request', run: money.chargeReject },
  'kyc-pending': { usage: 'kyc-pending', summary: 'identity verifications waiting for review', run: kycPending },
  'kyc-approve': { usage: 'kyc-approve <email|uid>', summary: "approve the user's pending identity verification", run: kycApprove },
  'kyc-reject': { usage: 'kyc-reject <email|uid> [reason]', summary: "reject the user's pending identity verification", run: kycReject },
  balances: { usage: 'balances <email|uid|system>', summary: "a user's (or the system accounts') balances", run: money.balances },
  'ledger-check': { usage: 'ledger-check', summary: 'verify sums, replay postings against balances, frozen against open withdrawals and spot order holds', run: money.ledgerCheck },
  markets: { usage: 'markets', summary: 'spot pairs with last price, best bid and ask, open orders per side and trades', run: markets },
  'simulator-status': { usage: 'simulator-status', summary: 'the market simulator: last report, its bots\' open orders, recent trades and USDT', run: simulatorStatus },
  orders: { usage: 'orders <email|uid>', summary: "a user's open spot orders and latest finished ones", run: orders },
  audit: { usage: 'audit [count]', summary: 'the latest operator commands', run: audit },
  positions: { usage: 'positions <email|uid>', summary: "a user's futures positions and limit orders (live first) with marks, fees and PnL", run: contracts.positions },
  options: { usage: 'options <email|uid>', summary: "a user's seconds options (open first) with entry, exit and result", run: contracts.options },
  mark: { usage: 'mark [<symbol> <price|clear>]', summary: 'override the mark price contracts use (running servers apply it within a second); clear it; no args lists overrides', run: contracts.mark },
};

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
    const services = await createServices(ctx, { dataDir: config.dataDir, chainBlockMs: config.chainBlockMs });
    const ops: OpsContext = { services, db: handle.db, operator: operatorName() };
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
