import { sql, type Kysely, type Migration } from 'kysely';
import type { DbDialect } from '../open-database.ts';
import { withId } from './id-column.ts';

type AnyDb = Kysely<unknown>;

/**
 * Postings and journals are append-only: the database itself refuses UPDATE and DELETE on them, so
 * no code path (nor a hurried operator with a SQL prompt) can rewrite history. Corrections are
 * reversing journals.
 */
async function appendOnly(db: AnyDb, dialect: DbDialect, table: string): Promise<void> {
  if (dialect === 'sqlite') {
    for (const op of ['update', 'delete']) {
      await sql`create trigger ${sql.id(`${table}_no_${op}`)} before ${sql.raw(op)} on ${sql.id(table)}
        begin select raise(abort, ${sql.lit(`${table} are append-only`)}); end`.execute(db);
    }
    return;
  }
  await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.id(table)}
    for each row execute function ledger_append_only()`.execute(db);
}

async function createLedgerTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('pay_password_hash', 'text').execute();

  await withId(db.schema.createTable('ledger_accounts'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('available_minor', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('frozen_minor', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ledger_accounts_owner_unique', ['user_id', 'name', 'currency_id'])
    .execute();

  await withId(db.schema.createTable('ledger_journals'), dialect)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer')
    .addColumn('reverses_journal_id', 'integer', (c) => c.references('ledger_journals.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_journals_ref_idx').on('ledger_journals').columns(['ref_type', 'ref_id']).execute();

  await withId(db.schema.createTable('ledger_postings'), dialect)
    .addColumn('journal_id', 'integer', (c) => c.notNull().references('ledger_journals.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'text', (c) => c.notNull())
    .addColumn('balance_after_minor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_postings_account_idx').on('ledger_postings').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('ledger_postings_journal_idx').on('ledger_postings').column('journal_id').execute();

  if (dialect === 'postgres') {
    await sql`create or replace function ledger_append_only() returns trigger language plpgsql as $$
      begin raise exception '% is append-only', tg_table_name; end $$`.execute(db);
  }
  await appendOnly(db, dialect, 'ledger_journals');
  await appendOnly(db, dialect, 'ledger_postings');
}

async function createControlTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  await db.schema.createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'endpoint', 'key'])
    .execute();

  await withId(db.schema.createTable('ops_audit'), dialect)
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('args', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export function ledgerMigration(dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await createLedgerTables(db, dialect);
      await createControlTables(db, dialect);
    },
    async down(db: AnyDb) {
      for (const table of ['ops_audit', 'idempotency_keys', 'ledger_postings', 'ledger_journals', 'ledger_accounts']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      if (dialect === 'postgres') await sql`drop function if exists ledger_append_only()`.execute(db);
      await db.schema.alterTable('users').dropColumn('pay_password_hash').execute();
    },
  };
}
