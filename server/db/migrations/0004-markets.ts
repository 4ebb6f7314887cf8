import type { Kysely, Migration } from 'kysely';
import type { DbDialect } from '../open-database.ts';
import { withId } from './id-column.ts';

type AnyDb = Kysely<unknown>;

async function createSymbolTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  await withId(db.schema.createTable('market_symbols'), dialect)
    .addColumn('symbol', 'text', (c) => c.notNull().unique())
    .addColumn('base_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('quote_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tick_size', 'text', (c) => c.notNull())
    .addColumn('lot_size_minor', 'text', (c) => c.notNull())
    .addColumn('min_notional_minor', 'text', (c) => c.notNull())
    .addColumn('maker_fee_ppm', 'integer', (c) => c.notNull())
    .addColumn('taker_fee_ppm', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('market_symbols_pair_unique', ['base_currency_id', 'quote_currency_id'])
    .execute();

  await db.schema.createTable('market_favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol_id', 'integer', (c) => c.notNull().references('market_symbols.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_favourites_pk', ['user_id', 'symbol_id'])
    .execute();

  await db.schema.createTable('market_search_counts')
    .addColumn('symbol_id', 'integer', (c) => c.primaryKey().references('market_symbols.id'))
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

/**
 * Order and trade ids are handed out by the one process that runs the matching engine (it must know
 * an order's id before matching it), so they are plain integer keys, not auto-increment.
 */
async function createOrderTables(db: AnyDb): Promise<void> {
  await db.schema.createTable('spot_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('symbol_id', 'integer', (c) => c.notNull().references('market_symbols.id'))
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('price_ticks', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', 'text', (c) => c.notNull())
    .addColumn('filled_minor', 'text', (c) => c.notNull())
    .addColumn('filled_quote_minor', 'text', (c) => c.notNull())
    .addColumn('fee_minor', 'text', (c) => c.notNull())
    .addColumn('hold_minor', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A user's lists (open / history, newest first) and the books' rebuild (open orders in id order).
  await db.schema.createIndex('spot_orders_user_idx').on('spot_orders').columns(['user_id', 'state', 'id']).execute();
  await db.schema.createIndex('spot_orders_state_idx').on('spot_orders').columns(['state', 'id']).execute();

  await db.schema.createTable('spot_trades')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('symbol_id', 'integer', (c) => c.notNull().references('market_symbols.id'))
    .addColumn('taker_order_id', 'integer', (c) => c.notNull().references('spot_orders.id'))
    .addColumn('maker_order_id', 'integer', (c) => c.notNull().references('spot_orders.id'))
    .addColumn('taker_user_id', 'integer', (c) => c.notNull())
    .addColumn('maker_user_id', 'integer', (c) => c.notNull())
    .addColumn('taker_side', 'text', (c) => c.notNull())
    .addColumn('price_ticks', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', 'text', (c) => c.notNull())
    .addColumn('quote_minor', 'text', (c) => c.notNull())
    .addColumn('taker_fee_minor', 'text', (c) => c.notNull())
    .addColumn('maker_fee_minor', 'text', (c) => c.notNull())
    .addColumn('journal_id', 'integer', (c) => c.notNull().references('ledger_journals.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('spot_trades_fill_unique', ['taker_order_id', 'maker_order_id'])
    .execute();
  await db.schema.createIndex('spot_trades_symbol_idx').on('spot_trades').columns(['symbol_id', 'id']).execute();
  await db.schema.createIndex('spot_trades_time_idx').on('spot_trades').columns(['created_at']).execute();
}

export function marketsMigration(dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await createSymbolTables(db, dialect);
      await createOrderTables(db);
    },
    async down(db: AnyDb) {
      for (const table of ['spot_trades', 'spot_orders', 'market_search_counts', 'market_favourites', 'market_symbols']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
