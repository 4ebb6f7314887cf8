import { sql, type Kysely, type Migration } from 'kysely';
import type { DbDialect } from '../../db/open-database.ts';
import { withId } from '../../db/migrations/id-column.ts';
import { tradeNetMinor } from './shares.ts';
import { totalsOf } from './trade-totals.ts';

type AnyDb = Kysely<unknown>;

/** Copy trading's tables (schema.ts). Its bot traders come from the module's seed. */
export function copytradeMigration(dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('copy_traders'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('profit_share_ppm', 'integer', (c) => c.notNull())
        .addColumn('max_followers', 'integer', (c) => c.notNull())
        .addColumn('introduction', 'text', (c) => c.notNull())
        .addColumn('bot', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('applied_at', 'text', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createTable('copy_trader_figures')
        .addColumn('trader_user_id', 'integer', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('profit_minor', 'text', (c) => c.notNull())
        .addColumn('yield_ppm', 'integer', (c) => c.notNull())
        .addColumn('accuracy_ppm', 'integer', (c) => c.notNull())
        .addColumn('closed_trades', 'integer', (c) => c.notNull())
        .addColumn('winning_trades', 'integer', (c) => c.notNull())
        .addColumn('computed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('copy_trader_figures_pk', ['trader_user_id', 'days'])
        .execute();
      await withId(db.schema.createTable('copy_follows'), dialect)
        .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('trader_user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('number_units', 'integer', (c) => c.notNull())
        .addColumn('budget_minor', 'text', (c) => c.notNull())
        .addColumn('profit_share_ppm', 'integer', (c) => c.notNull())
        .addColumn('shared_minor', 'text', (c) => c.notNull().defaultTo('0'))
        .addColumn('realised_minor', 'text', (c) => c.notNull().defaultTo('0'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // One active follow of a trader per follower; stopped ones stay as history.
      await db.schema.createIndex('copy_follows_active_uq').on('copy_follows').columns(['follower_id', 'trader_user_id']).unique().where(sql.ref('state'), '=', 'active').execute();
      await db.schema.createIndex('copy_follows_trader_idx').on('copy_follows').columns(['trader_user_id', 'state', 'id']).execute();
      await db.schema.createTable('copy_positions')
        .addColumn('position_id', 'integer', (c) => c.primaryKey())
        .addColumn('follow_id', 'integer', (c) => c.notNull().references('copy_follows.id'))
        .addColumn('follower_id', 'integer', (c) => c.notNull())
        .addColumn('trader_user_id', 'integer', (c) => c.notNull())
        .addColumn('trader_position_id', 'integer', (c) => c.notNull())
        .addColumn('self_held', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('closed_lots', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('copy_positions_trader_pos_idx').on('copy_positions').columns(['trader_position_id']).execute();
      await db.schema.createIndex('copy_positions_follow_idx').on('copy_positions').columns(['follow_id']).execute();
      await db.schema.createIndex('copy_positions_follower_idx').on('copy_positions').columns(['follower_id', 'position_id']).execute();
      await withId(db.schema.createTable('copy_activity'), dialect)
        .addColumn('trader_user_id', 'integer', (c) => c.notNull())
        .addColumn('position_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('lots', 'integer', (c) => c.notNull())
        .addColumn('lots_before', 'integer', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('copy_activity_done_idx').on('copy_activity').columns(['done', 'id']).execute();
      await db.schema.createIndex('copy_activity_position_idx').on('copy_activity').columns(['position_id']).execute();
      await withId(db.schema.createTable('copy_events'), dialect)
        .addColumn('activity_id', 'integer', (c) => c.notNull())
        .addColumn('follow_id', 'integer', (c) => c.notNull())
        .addColumn('follower_id', 'integer', (c) => c.notNull())
        .addColumn('trader_user_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('skip_reason', 'text')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('trader_position_id', 'integer', (c) => c.notNull())
        .addColumn('position_id', 'integer')
        .addColumn('trader_lots', 'integer', (c) => c.notNull())
        .addColumn('lots', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('copy_events_once_uq').on('copy_events').columns(['activity_id', 'follow_id']).unique().execute();
      await db.schema.createIndex('copy_events_follower_idx').on('copy_events').columns(['follower_id', 'id']).execute();
      await db.schema.createIndex('copy_events_follow_idx').on('copy_events').columns(['follow_id', 'outcome']).execute();
    },
    async down(db: AnyDb) {
      for (const table of ['copy_events', 'copy_activity', 'copy_positions', 'copy_follows', 'copy_trader_figures', 'copy_traders']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}

const BACKFILL_PAGE = 5_000;

/**
 * Running totals of each user's own closed trades (trade-totals.ts), filled from the history once,
 * and an index for the figures' windows (a trader's closes by time).
 */
export function copytradeTotalsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.createTable('copy_trade_totals')
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('profit_minor', 'text', (c) => c.notNull())
        .addColumn('closed_trades', 'integer', (c) => c.notNull())
        .addColumn('winning_trades', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('futures_positions_closed_idx').on('futures_positions').columns(['user_id', 'state', 'closed_at']).execute();
      const nets = new Map<number, bigint[]>();
      for (let after = 0; ;) {
        const { rows } = await sql<BackfillRow>`
          select f.id, f.user_id, f.pnl_minor, f.insurance_minor, f.open_fee_minor, f.close_fee_minor, f.overnight_fee_minor
          from futures_positions f
          where f.state = 'closed' and f.id > ${after} and not exists (select 1 from copy_positions c where c.position_id = f.id)
          order by f.id limit ${BACKFILL_PAGE}`.execute(db);
        for (const row of rows) {
          const list = nets.get(row.user_id) ?? [];
          list.push(tradeNetMinor(row));
          nets.set(row.user_id, list);
          after = row.id;
        }
        if (rows.length < BACKFILL_PAGE) break;
      }
      const now = new Date().toISOString();
      for (const [userId, list] of nets) {
        const sum = totalsOf(list);
        await sql`insert into copy_trade_totals (user_id, profit_minor, closed_trades, winning_trades, updated_at)
          values (${userId}, ${sum.profitMinor.toString()}, ${sum.closedTrades}, ${sum.winningTrades}, ${now})`.execute(db);
      }
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('futures_positions_closed_idx').ifExists().execute();
      await db.schema.dropTable('copy_trade_totals').ifExists().execute();
    },
  };
}

type BackfillRow = { id: number; user_id: number; pnl_minor: string; insurance_minor: string; open_fee_minor: string; close_fee_minor: string; overnight_fee_minor: string };
