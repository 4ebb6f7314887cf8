import { sql, type Kysely } from 'kysely';
import type { DbDialect } from '../open-database.ts';
import type { Database } from '../schema.ts';
import { seedContent } from './seed-content.ts';
import { seedCurrencies } from './seed-currencies.ts';
import { seedDemoFunds } from './seed-demo-funds.ts';
import { DEMO_USER, demoUserMissing, seedDemoUser } from './seed-demo-user.ts';
import { seedMarkets } from './seed-markets.ts';
import { seedSettings } from './seed-settings.ts';
import { seedSystemAccounts } from './seed-system-accounts.ts';
import { MODULES } from '../../modules/modules.ts';

// Any constant works; it only has to be the same in every process seeding this database.
const SEED_LOCK_KEY = 80_0001;

export interface SeedOptions {
  hashPassword(password: string): Promise<string>;
  now: Date;
}

/**
 * Idempotent first-start data. One transaction, and on PostgreSQL an advisory lock, so two
 * processes starting together do not both seed. The demo user gets its demo funds (a ledger journal
 * from custody) in the transaction that inserts it, so only once and only on a fresh database.
 * Then each module's own first-start data (ServerModule.seed).
 */
export async function runSeed(db: Kysely<Database>, dialect: DbDialect, options: SeedOptions): Promise<void> {
  const demoHash = (await demoUserMissing(db)) ? await options.hashPassword(DEMO_USER.password) : null;
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    await seedSettings(trx);
    await seedCurrencies(trx);
    await seedMarkets(trx);
    await seedSystemAccounts(trx, options.now.toISOString());
    await seedContent(trx);
    const demoId = demoHash ? await seedDemoUser(trx, demoHash, options.now.toISOString()) : null;
    if (demoId !== null) await seedDemoFunds(trx, dialect, demoId, options.now);
    for (const module of MODULES) await module.seed?.(trx, options.now);
  });
}
