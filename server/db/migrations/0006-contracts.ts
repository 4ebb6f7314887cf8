import { sql, type Kysely, type Migration } from 'kysely';
import type { ContractTables } from '../contracts-schema.ts';
import type { DbDialect } from '../open-database.ts';
import { withId } from './id-column.ts';

type AnyDb = Kysely<unknown>;

const NOW = '2026-01-01T00:00:00.000Z';

async function createSettingsTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  await db.schema.createTable('contract_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('multiples', 'text')
    .addColumn('lot_size', 'text')
    .addColumn('min_lots', 'integer')
    .addColumn('max_lots', 'integer')
    .addColumn('fee_rate_ppm', 'integer')
    .addColumn('overnight_rate_ppm', 'integer')
    .addColumn('enabled', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createTable('contract_params')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable('option_periods'), dialect)
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('profit_rate_ppm', 'integer', (c) => c.notNull())
    .addColumn('min_stake', 'text', (c) => c.notNull())
    .addColumn('max_stake', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('option_periods_unique', ['seconds', 'currency'])
    .execute();
}

async function createPositionTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  let table = withId(db.schema.createTable('futures_positions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('symbol_id', 'integer', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('margin_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('multiple', 'integer', (c) => c.notNull())
    .addColumn('lots', 'integer', (c) => c.notNull())
    .addColumn('lot_size_scaled', 'text', (c) => c.notNull());
  for (const column of ['target_price_ticks', 'open_price_ticks', 'close_price_ticks', 'tp_ticks', 'sl_ticks']) table = table.addColumn(column, 'text');
  for (const column of ['margin_minor', 'hold_minor', 'open_fee_minor', 'close_fee_minor', 'overnight_fee_minor', 'pnl_minor', 'insurance_minor']) {
    table = table.addColumn(column, 'text', (c) => c.notNull().defaultTo('0'));
  }
  await table
    .addColumn('fee_rate_ppm', 'integer', (c) => c.notNull())
    .addColumn('overnight_rate_ppm', 'integer', (c) => c.notNull())
    .addColumn('close_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A user's lists (in progress / completed, newest first) and the trigger loop's scan of live rows.
  await db.schema.createIndex('futures_positions_user_idx').on('futures_positions').columns(['user_id', 'state', 'id']).execute();
  await db.schema.createIndex('futures_positions_state_idx').on('futures_positions').columns(['state', 'symbol']).execute();

  await db.schema.createTable('futures_overnight_charges')
    .addColumn('position_id', 'integer', (c) => c.notNull().references('futures_positions.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'text', (c) => c.notNull())
    .addColumn('journal_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('futures_overnight_charges_pk', ['position_id', 'day'])
    .execute();
}

async function createOptionTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  await withId(db.schema.createTable('seconds_options'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('symbol_id', 'integer', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('stake_minor', 'text', (c) => c.notNull())
    .addColumn('profit_rate_ppm', 'integer', (c) => c.notNull())
    .addColumn('entry_price_ticks', 'text', (c) => c.notNull())
    .addColumn('exit_price_ticks', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('result_minor', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('exit_mark_at', 'text')
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('seconds_options_user_idx').on('seconds_options').columns(['user_id', 'state', 'id']).execute();
  await db.schema.createIndex('seconds_options_due_idx').on('seconds_options').columns(['state', 'expires_at']).execute();

  await db.schema.createTable('contract_mark_ticks')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('price_ticks', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contract_mark_ticks_pk', ['symbol', 'at'])
    .execute();
  await db.schema.createTable('contract_mark_overrides')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('price_ticks', 'text', (c) => c.notNull())
    .addColumn('set_by', 'text', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .execute();
}

/** Category defaults are code (domain/futures-settings.ts); these rows only make them visible and editable. */
async function seedSettings(anyDb: AnyDb): Promise<void> {
  const db = anyDb as unknown as Kysely<ContractTables>;
  await db.insertInto('contract_settings').values([
    { key: 'coin', multiples: '5,10,20,50,100', lot_size: null, min_lots: 1, max_lots: 1000, fee_rate_ppm: 500, overnight_rate_ppm: 200, enabled: 1, updated_at: NOW },
    { key: 'stock', multiples: '2,5,10,20', lot_size: '1', min_lots: 1, max_lots: 1000, fee_rate_ppm: 1000, overnight_rate_ppm: 300, enabled: 1, updated_at: NOW },
  ]).execute();
  await db.insertInto('contract_params').values([
    { name: 'liquidation_rate_ppm', value: '500000', updated_at: NOW },
    { name: 'overnight_time', value: '00:00', updated_at: NOW },
    { name: 'max_open_positions', value: '100', updated_at: NOW },
    { name: 'max_open_options', value: '20', updated_at: NOW },
  ]).execute();
  const periods: [number, number][] = [[30, 100_000], [60, 150_000], [120, 200_000], [300, 300_000]];
  const stakes: [string, string, string][] = [['USDT', '10', '50000'], ['BTC', '0.0002', '1'], ['ETH', '0.005', '20']];
  await db.insertInto('option_periods').values(stakes.flatMap(([currency, min, max], c) => periods.map(([seconds, ppm], i) => ({
    seconds, currency, profit_rate_ppm: ppm, min_stake: min, max_stake: max, status: 1, sort: c * 10 + i,
  })))).execute();
}

/**
 * Contracts (issue 5). Also lets the insurance account go below zero: it pays the house what a
 * liquidated user's balance could not (a negative insurance balance is the fund's deficit, for an
 * operator to cover), so no user balance ever does.
 */
export function contractsMigration(dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await createSettingsTables(db, dialect);
      await createPositionTables(db, dialect);
      await createOptionTables(db, dialect);
      await seedSettings(db);
      await sql`update ledger_accounts set allow_negative = 1 where user_id = 0 and name = 'insurance'`.execute(db);
    },
    async down(db: AnyDb) {
      for (const table of ['contract_mark_overrides', 'contract_mark_ticks', 'seconds_options', 'futures_overnight_charges', 'futures_positions', 'option_periods', 'contract_params', 'contract_settings']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await sql`update ledger_accounts set allow_negative = 0 where user_id = 0 and name = 'insurance'`.execute(db);
    },
  };
}
