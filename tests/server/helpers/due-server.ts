import { startServer } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { systemClock } from '../../../server/services/clock.ts';
import { LedgerService } from '../../../server/services/ledger/ledger-service.ts';
import { creditHandler } from './due-credit.ts';

/**
 * The real server with the tests' credit kind of due work (due-credit.ts), as its own process, so
 * a test can kill it -9 in the middle of a run. LedgerService only reads the clock and the dialect.
 */
const config = loadConfig();
const log = { info: () => undefined, warn: () => undefined };
const ledger = new LedgerService({ db: undefined as never, dialect: config.databaseUrl ? 'postgres' : 'sqlite', clock: systemClock, log });
const server = await startServer(config, { dueHandlers: [creditHandler(() => ledger)] });
process.stdout.write(`Brisk is ready at ${server.url}\n`);
