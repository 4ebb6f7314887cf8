import type { Kysely, Migration } from 'kysely';
import type { DbDialect } from '../open-database.ts';
import { withId } from './id-column.ts';

type AnyDb = Kysely<unknown>;

const userRef = 'users.id';

async function createChainTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  await withId(db.schema.createTable('deposit_addresses'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef))
    .addColumn('network_id', 'integer', (c) => c.notNull().references('currency_networks.id'))
    .addColumn('address', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('deposit_addresses_owner_unique', ['user_id', 'network_id'])
    .execute();

  await withId(db.schema.createTable('deposits'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef))
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('network_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'text', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull())
    .addColumn('required_confirmations', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull().unique())
    .addColumn('journal_id', 'integer')
    .addColumn('confirmed_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deposits_user_idx').on('deposits').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('deposits_state_idx').on('deposits').column('state').execute();

  await withId(db.schema.createTable('withdrawals'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef))
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('network_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'text', (c) => c.notNull())
    .addColumn('fee_minor', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('freeze_journal_id', 'integer', (c) => c.notNull())
    .addColumn('settle_journal_id', 'integer')
    .addColumn('decided_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawals_state_idx').on('withdrawals').column('state').execute();
}

async function createMovementTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  await withId(db.schema.createTable('account_transfers'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef))
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', 'text', (c) => c.notNull())
    .addColumn('from_account', 'text', (c) => c.notNull())
    .addColumn('to_account', 'text', (c) => c.notNull())
    .addColumn('journal_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_transfers_user_idx').on('account_transfers').columns(['user_id', 'id']).execute();

  await withId(db.schema.createTable('user_transfers'), dialect)
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references(userRef))
    .addColumn('to_user_id', 'integer', (c) => c.notNull().references(userRef))
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', 'text', (c) => c.notNull())
    .addColumn('fee_minor', 'text', (c) => c.notNull())
    .addColumn('journal_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_transfers_from_idx').on('user_transfers').columns(['from_user_id', 'id']).execute();
  await db.schema.createIndex('user_transfers_to_idx').on('user_transfers').columns(['to_user_id', 'id']).execute();

  await withId(db.schema.createTable('exchanges'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('from_currency_id', 'integer', (c) => c.notNull())
    .addColumn('to_currency_id', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', 'text', (c) => c.notNull())
    .addColumn('receive_minor', 'text', (c) => c.notNull())
    .addColumn('fee_minor', 'text', (c) => c.notNull())
    .addColumn('price', 'text', (c) => c.notNull())
    .addColumn('journal_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('charge_requests'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef))
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'text', (c) => c.notNull())
    .addColumn('pay_type', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('journal_id', 'integer')
    .addColumn('decided_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

async function createSettingsTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  await withId(db.schema.createTable('identity_verifications'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('id_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('card_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('front_pic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reverse_pic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('identity_verifications_user_idx').on('identity_verifications').columns(['user_id', 'id']).execute();

  await db.schema.createTable('bank_cards')
    .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bank_cards_pk', ['user_id', 'kind'])
    .execute();

  await withId(db.schema.createTable('address_book'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef))
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('network_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('address_book_user_idx').on('address_book').columns(['user_id', 'id']).execute();

  await db.schema.createTable('fiat_rates')
    .addColumn('currency_code', 'text', (c) => c.primaryKey())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('saved_at_ms', 'text', (c) => c.notNull())
    .execute();
}

const TABLES_NEWEST_FIRST = [
  'fiat_rates', 'address_book', 'bank_cards', 'identity_verifications', 'charge_requests', 'exchanges',
  'user_transfers', 'account_transfers', 'withdrawals', 'deposits', 'deposit_addresses',
];

export function walletMigration(dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await createChainTables(db, dialect);
      await createMovementTables(db, dialect);
      await createSettingsTables(db, dialect);
    },
    async down(db: AnyDb) {
      for (const table of TABLES_NEWEST_FIRST) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
