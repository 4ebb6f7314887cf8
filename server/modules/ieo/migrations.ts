import type { Kysely, Migration } from 'kysely';
import type { DbDialect } from '../../db/open-database.ts';
import { withId } from '../../db/migrations/id-column.ts';

type AnyDb = Kysely<unknown>;

/** Token sales, their prices, users' subscriptions and orders (schema.ts). */
function ieoMigration(dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('ieo_projects'), dialect)
        .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
        .addColumn('symbol', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('decimals', 'integer', (c) => c.notNull())
        .addColumn('supply_minor', 'text', (c) => c.notNull())
        .addColumn('min_minor', 'text', (c) => c.notNull())
        .addColumn('max_minor', 'text', (c) => c.notNull())
        .addColumn('cap_minor', 'text', (c) => c.notNull())
        .addColumn('start_at', 'text', (c) => c.notNull())
        .addColumn('end_at', 'text', (c) => c.notNull())
        .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('subscribed_minor', 'text', (c) => c.notNull().defaultTo('0'))
        .addColumn('subscribers', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rule', 'text')
        .addColumn('sold_minor', 'text')
        .addColumn('allocated_at', 'text')
        .addColumn('distributed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ieo_projects_time_idx').on('ieo_projects').columns(['state', 'end_at']).execute();
      await withId(db.schema.createTable('ieo_prices'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('ieo_projects.id'))
        .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
        .addColumn('price_minor', 'text', (c) => c.notNull())
        .addUniqueConstraint('ieo_prices_unique', ['project_id', 'currency_id'])
        .execute();
      await withId(db.schema.createTable('ieo_subscriptions'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('ieo_projects.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('pay_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
        .addColumn('price_minor', 'text', (c) => c.notNull())
        .addColumn('requested_minor', 'text', (c) => c.notNull())
        .addColumn('committed_minor', 'text', (c) => c.notNull())
        .addColumn('orders', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('alloc_minor', 'text')
        .addColumn('paid_minor', 'text')
        .addColumn('refund_minor', 'text')
        .addColumn('first_at', 'text', (c) => c.notNull())
        .addColumn('last_at', 'text', (c) => c.notNull())
        .addColumn('settled_at', 'text')
        .addUniqueConstraint('ieo_subscriptions_unique', ['project_id', 'user_id'])
        .execute();
      await db.schema.createIndex('ieo_subscriptions_user_idx').on('ieo_subscriptions').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('ieo_subscriptions_state_idx').on('ieo_subscriptions').columns(['project_id', 'state', 'id']).execute();
      await withId(db.schema.createTable('ieo_orders'), dialect)
        .addColumn('subscription_id', 'integer', (c) => c.notNull().references('ieo_subscriptions.id'))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('amount_minor', 'text', (c) => c.notNull())
        .addColumn('cost_minor', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ieo_orders_subscription_idx').on('ieo_orders').columns(['subscription_id']).execute();
    },
    async down(db: AnyDb) {
      for (const table of ['ieo_orders', 'ieo_subscriptions', 'ieo_prices', 'ieo_projects']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}

/** The module's migrations, named for the one order all modules' run in. */
export const ieoMigrations = (dialect: DbDialect): Record<string, Migration> => ({ '0012_ieo_token_sales': ieoMigration(dialect) });
