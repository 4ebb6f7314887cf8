import type { Kysely, Migration } from 'kysely';
import type { DbDialect } from '../../db/open-database.ts';
import { withId } from '../../db/migrations/id-column.ts';

type AnyDb = Kysely<unknown>;

/** Lock mining's products and orders (schema.ts). Its first products come from the module's seed. */
export function lockmingMigration(dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('lockming_products'), dialect)
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
        .addColumn('min_amount_minor', 'text', (c) => c.notNull())
        .addColumn('max_amount_minor', 'text')
        .addColumn('daily_yield_ppm', 'integer', (c) => c.notNull())
        .addColumn('lock_days', 'integer', (c) => c.notNull())
        .addColumn('dividend_minute', 'integer', (c) => c.notNull())
        .addColumn('penalty_rate_ppm', 'integer', (c) => c.notNull())
        .addColumn('expiry_date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('lockming_orders'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('lockming_products.id'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('currency_id', 'integer', (c) => c.notNull())
        .addColumn('principal_minor', 'text', (c) => c.notNull())
        .addColumn('daily_yield_ppm', 'integer', (c) => c.notNull())
        .addColumn('lock_days', 'integer', (c) => c.notNull())
        .addColumn('dividend_minute', 'integer', (c) => c.notNull())
        .addColumn('penalty_rate_ppm', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('days_paid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dividends_minor', 'text', (c) => c.notNull().defaultTo('0'))
        .addColumn('penalty_minor', 'text')
        .addColumn('returned_minor', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('matures_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema.createIndex('lockming_orders_user_idx').on('lockming_orders').columns(['user_id', 'state', 'id']).execute();
      // The ledger check's holds read the locked ones.
      await db.schema.createIndex('lockming_orders_state_idx').on('lockming_orders').columns(['state']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('lockming_orders').ifExists().execute();
      await db.schema.dropTable('lockming_products').ifExists().execute();
    },
  };
}
