import { sql, type Kysely, type Migration } from 'kysely';
import type { DbDialect } from '../open-database.ts';
import { withId } from './id-column.ts';

/** Public uids start here (the users id sequence is moved so the first user is 100001). */
export const FIRST_UID = 100001;

// Migrations see the database as it was when they were written, so they do not use the schema types.
type AnyDb = Kysely<unknown>;

async function createAccountTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  await db.schema.createTable('settings')
    .addColumn('keyword', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('users'), dialect)
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('area_code', 'text')
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('extension_code', 'text', (c) => c.notNull().unique())
    .addColumn('inviter_id', 'integer', (c) => c.references('users.id'))
    .addColumn('real_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('users_phone_unique', ['area_code', 'phone'])
    .execute();
  if (dialect === 'sqlite') {
    await sql`insert into sqlite_sequence (name, seq) values ('users', ${FIRST_UID - 1})`.execute(db);
  } else {
    await sql`select setval(pg_get_serial_sequence('users', 'id'), ${FIRST_UID - 1}, true)`.execute(db);
  }

  await withId(db.schema.createTable('sessions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(db.schema.createTable('verification_codes'), dialect)
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .execute();
  await db.schema.createIndex('verification_codes_target_idx').on('verification_codes').columns(['target', 'scene']).execute();

  await withId(db.schema.createTable('throttle_events'), dialect)
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttle_events_bucket_idx').on('throttle_events').columns(['bucket', 'created_at']).execute();

  await withId(db.schema.createTable('outbox_messages'), dialect)
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_messages_recipient_idx').on('outbox_messages').column('recipient').execute();

  await withId(db.schema.createTable('uploads'), dialect)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

async function createCurrencyTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  await withId(db.schema.createTable('currencies'), dialect)
    .addColumn('symbol', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db.schema.createTable('currency_networks'), dialect)
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id').onDelete('cascade'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull())
    // Integer minor units of the currency as digit text (see schema.ts).
    .addColumn('withdraw_fee_minor', 'text', (c) => c.notNull())
    .addColumn('min_withdraw_minor', 'text', (c) => c.notNull())
    .addColumn('address_regex', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('currency_networks_unique', ['currency_id', 'network'])
    .execute();
}

async function createContentTables(db: AnyDb, dialect: DbDialect): Promise<void> {
  await withId(db.schema.createTable('news'), dialect)
    .addColumn('c_id', 'integer', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_category_idx').on('news').columns(['c_id', 'status', 'published_at']).execute();
  await db.schema.createTable('news_texts')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_texts_pk', ['news_id', 'locale'])
    .execute();

  await withId(db.schema.createTable('notices'), dialect)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createTable('notice_texts')
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_texts_pk', ['notice_id', 'locale'])
    .execute();

  await withId(db.schema.createTable('faqs'), dialect)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createTable('faq_texts')
    .addColumn('faq_id', 'integer', (c) => c.notNull().references('faqs.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('faq_texts_pk', ['faq_id', 'locale'])
    .execute();

  await db.schema.createTable('text_pages')
    .addColumn('page_key', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('text_pages_pk', ['page_key', 'locale'])
    .execute();

  await db.schema.createTable('menu_items')
    .addColumn('menu_key', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

const TABLES_NEWEST_FIRST = [
  'menu_items', 'text_pages', 'faq_texts', 'faqs', 'notice_texts', 'notices', 'news_texts', 'news',
  'currency_networks', 'currencies', 'uploads', 'outbox_messages', 'throttle_events', 'verification_codes',
  'sessions', 'users', 'server_keys', 'settings',
];

export function initialMigration(dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await createAccountTables(db, dialect);
      await createCurrencyTables(db, dialect);
      await createContentTables(db, dialect);
    },
    async down(db: AnyDb) {
      for (const table of TABLES_NEWEST_FIRST) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
