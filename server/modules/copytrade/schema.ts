import type { Generated } from 'kysely';

/**
 * Copy trading's tables (migration 0015), reached through `db.withTables<CopyTables>()`. Same
 * conventions as server/db/schema.ts: amounts are minor units of USDT as digit text (`*_minor`),
 * rates parts per million (`*_ppm`), times ISO-8601 UTC text.
 */
export type CopyTables = {
  copy_traders: CopyTradersTable;
  copy_trader_figures: CopyTraderFiguresTable;
  copy_follows: CopyFollowsTable;
  copy_positions: CopyPositionsTable;
  copy_activity: CopyActivityTable;
  copy_events: CopyEventsTable;
  copy_trade_totals: CopyTradeTotalsTable;
};

/** A user who applied to be a trader; only 'approved' ones are listed and mirrored. */
export type CopyTradersTable = {
  id: Generated<number>;
  user_id: number;
  /** 'pending' | 'approved' | 'rejected'. */
  state: string;
  profit_share_ppm: number;
  max_followers: number;
  introduction: string;
  /** 1 for the simulator's bot traders. */
  bot: number;
  applied_at: string;
  decided_at: string | null;
  updated_at: string;
};

/** A trader's figures of one window (days 7, 30, 90), written by the hourly due work. */
export type CopyTraderFiguresTable = {
  trader_user_id: number;
  days: number;
  profit_minor: string;
  yield_ppm: number;
  accuracy_ppm: number;
  closed_trades: number;
  winning_trades: number;
  computed_at: string;
};

export type CopyFollowsTable = {
  id: Generated<number>;
  follower_id: number;
  trader_user_id: number;
  /** 'multiple' | 'lots'. */
  mode: string;
  /** multiple: hundredths (150 = 1.5x); lots: whole lots. */
  number_units: number;
  budget_minor: string;
  /** The trader's share when followed: later changes by the trader do not apply. */
  profit_share_ppm: number;
  /** Profit share paid so far. */
  shared_minor: string;
  /**
   * Realised PnL after fees of its closed copies that were not detached, added as each closes
   * (addRealised), so a settlement reads one row, not the follow's whole history.
   */
  realised_minor: Generated<string>;
  /** 'active' | 'cancelled'. */
  state: string;
  created_at: string;
  ended_at: string | null;
  updated_at: string;
};

/** A follower's futures position made by copying (each part split off by a partial close too). */
export type CopyPositionsTable = {
  position_id: number;
  follow_id: number;
  follower_id: number;
  trader_user_id: number;
  trader_position_id: number;
  self_held: number;
  closed_lots: number;
  created_at: string;
};

/**
 * What a trader did (written by the futures hook in the trader's own transaction), mirrored to the
 * followers afterwards; `done` once every follower has its copy or skip.
 */
export type CopyActivityTable = {
  id: Generated<number>;
  trader_user_id: number;
  position_id: number;
  /** 'open' | 'close' | 'partial_close' | 'stops' | 'liquidation'. */
  action: string;
  lots: number;
  lots_before: number;
  symbol: string;
  side: string;
  done: number;
  at: string;
};

/** One follower's mirrored action or skip of one activity: (activity_id, follow_id) is unique, so nothing is mirrored twice. */
export type CopyEventsTable = {
  id: Generated<number>;
  activity_id: number;
  follow_id: number;
  follower_id: number;
  trader_user_id: number;
  action: string;
  /** 'copied' | 'skipped'. */
  outcome: string;
  skip_reason: string | null;
  symbol: string;
  side: string;
  trader_position_id: number;
  position_id: number | null;
  trader_lots: number;
  lots: number;
  at: string;
};

/**
 * Each user's own closed futures trades (never copies) since ever, added in the transaction of each
 * close (trade-totals.ts), so a trader's all-time figures read one row, not the whole history.
 */
export type CopyTradeTotalsTable = {
  user_id: number;
  profit_minor: string;
  closed_trades: number;
  winning_trades: number;
  updated_at: string;
};
