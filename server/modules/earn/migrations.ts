import { sql, type Kysely, type Migration } from 'kysely';
import { withId } from '../../db/migrations/id-column.ts';
import type { DbDialect } from '../../db/open-database.ts';

type AnyDb = Kysely<unknown>;

/** A quota never goes below zero, whatever a writer does: the database refuses it too. */
const sqlNonNegative = (column: string) => sql`${sql.ref(column)} >= 0`;

/** Invest products, and the orders and fixings both earn products share. */
function investMigration(dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('invest_products'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('coin_id', 'integer', (c) => c.notNull().references('currencies.id'))
        .addColumn('quote_id', 'integer', (c) => c.notNull().references('currencies.id'))
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('share_price_minor', 'text', (c) => c.notNull())
        .addColumn('linked_price_ticks', 'text', (c) => c.notNull())
        .addColumn('rate_ppm', 'integer', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('total_shares', 'integer', (c) => c.notNull())
        .addColumn('remaining_shares', 'integer', (c) => c.notNull().check(sqlNonNegative('remaining_shares')))
        .addColumn('min_shares', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('invest_products_name', ['name'])
        .execute();
      await withId(db.schema.createTable('earn_orders'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('coin_id', 'integer', (c) => c.notNull())
        .addColumn('quote_id', 'integer', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('shares', 'integer')
        .addColumn('principal_currency_id', 'integer', (c) => c.notNull())
        .addColumn('principal_minor', 'text', (c) => c.notNull())
        .addColumn('strike_ticks', 'text', (c) => c.notNull())
        .addColumn('rate_ppm', 'integer', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('fixing_at', 'text', (c) => c.notNull())
        .addColumn('settle_price_ticks', 'text')
        .addColumn('payout_currency_id', 'integer')
        .addColumn('payout_minor', 'text')
        .addColumn('interest_minor', 'text')
        .addColumn('settled_at', 'text')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema.createIndex('earn_orders_user').on('earn_orders').columns(['user_id', 'product', 'state', 'id']).execute();
      await db.schema.createIndex('earn_orders_fixing').on('earn_orders').columns(['state', 'fixing_at']).execute();
      await db.schema.createTable('earn_fixings')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('fixing_at', 'text', (c) => c.notNull())
        .addColumn('price_ticks', 'text', (c) => c.notNull())
        .addColumn('minutes', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('earn_fixings_pk', ['symbol', 'fixing_at'])
        .execute();
    },
  };
}

function dualMigration(dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('dual_products'), dialect)
        .addColumn('coin_id', 'integer', (c) => c.notNull().references('currencies.id'))
        .addColumn('quote_id', 'integer', (c) => c.notNull().references('currencies.id'))
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('target_ticks', 'text', (c) => c.notNull())
        .addColumn('rate_ppm', 'integer', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('min_minor', 'text', (c) => c.notNull())
        .addColumn('remaining_minor', 'bigint', (c) => c.notNull().check(sqlNonNegative('remaining_minor')))
        .addColumn('total_minor', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

export function earnMigrations(dialect: DbDialect): Record<string, Migration> {
  return { '0013_invest_products_and_earn_orders': investMigration(dialect), '0014_dual_products': dualMigration(dialect) };
}
