import type { Kysely, Migration } from 'kysely';
import type { DbDialect } from '../open-database.ts';

type AnyDb = Kysely<unknown>;

/**
 * Market data (issue 4): candles of every interval, so charts and the rolling 24 h figures survive a
 * restart, and a small key/value table for the market-data service and the simulator (the last
 * trade folded into stored candles, the simulator's status). Candles are keyed by
 * (symbol, period, open_time); open_time is ISO-8601 UTC text like every other time we store.
 */
export function marketDataMigration(_dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('market_klines')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('open_time', 'text', (c) => c.notNull())
        .addColumn('open_price', 'text', (c) => c.notNull())
        .addColumn('high_price', 'text', (c) => c.notNull())
        .addColumn('low_price', 'text', (c) => c.notNull())
        .addColumn('close_price', 'text', (c) => c.notNull())
        .addColumn('volume_minor', 'text', (c) => c.notNull())
        .addColumn('turnover_raw', 'text', (c) => c.notNull())
        .addColumn('trades', 'integer', (c) => c.notNull())
        .addColumn('simulated', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('market_klines_pk', ['symbol', 'period', 'open_time'])
        .execute();
      await db.schema
        .createTable('market_data_state')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('market_data_state').execute();
      await db.schema.dropTable('market_klines').execute();
    },
  };
}
