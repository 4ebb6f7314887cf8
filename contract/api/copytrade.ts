/**
 * Copy trading on the wire (spec sections 1-4 and 9, section 7 /follow/*). Amounts, rates and
 * multiples are decimal strings, never numbers; lots are whole numbers; times are ISO-8601 UTC text.
 * Money is USDT in the follower's and the trader's lever (futures) fund account.
 *
 * A follower follows a trader with one mode:
 *   multiple: follower lots = trader lots x number ("0.5", "2", "1.25"; at most 2 decimals);
 *   lots:     follower lots = number (a whole number) whatever the trader's size.
 * A scaled size that is not a whole number and is above 1 is first rounded to 2 decimals (spec
 * section 9), then every size is rounded DOWN to the lot step (1 lot); below the symbol's minimum
 * the copy is skipped, never bumped up. A partial close by the trader closes
 *   follower close = follower position x trader close / trader position   (same rounding)
 * of each copy, and the whole copy when the trader closes all of theirs. The copy budget caps the
 * margin the follow's open copies may hold at once.
 * Copies are their own futures positions, labelled with the follow, never merged with the
 * follower's own. A copy that cannot be made is skipped with a reason (CopySkipReason) in the
 * follower's copy history; nothing is ever taken that would drive a balance below zero.
 * Profit share (Binance's rule): due = max(cumulative realised PnL of the follow's copies x
 * profit_share - already shared, 0), settled when none of the follow's copies is open, and on
 * unfollow; paid from the follower's lever account to the trader's.
 * Trader figures per window (7, 30, 90 days), refreshed hourly:
 *   accuracy (win rate) = winning closed trades / closed trades;
 *   yield (ROI) = realised profit / (equity at the window's start + deposits into the lever account in it).
 */

/** The spec's `type`: 1 = fixed multiple, 2 = fixed lots (the words are accepted too). */
export const COPY_MODES = ['multiple', 'lots'] as const;
export type CopyMode = (typeof COPY_MODES)[number];

/** What the trader list is ranked by (GET /follow/index `sort`), highest first. */
export const TRADER_SORTS = ['profit', 'yield', 'accuracy', 'followers'] as const;
export type TraderSort = (typeof TRADER_SORTS)[number];

/** The figures' windows in days (`days`). */
export const FIGURE_WINDOWS = [7, 30, 90] as const;
export type FigureWindow = (typeof FIGURE_WINDOWS)[number];

/** One window's figures of a trader. */
export interface TraderFigures {
  days: FigureWindow;
  /** Realised PnL of the trader's own futures closed in the window, after fees. */
  profit: string;
  /** ROI as a fraction ("0.1234" is 12.34 %), rounded down to 4 places; "0" without a base. */
  yield: string;
  /** Win rate as a fraction with 4 places; "0" with no closed trade. */
  accuracy: string;
  closed_trades: number;
  winning_trades: number;
}

/** A trader as the ranking lists them. */
export interface TraderRow {
  trader_user_id: number;
  nickname: string;
  /** Public avatar path, or "" when none. */
  avatar: string;
  /** A fraction of followers' realised profit: "0.1" is 10 %. */
  profit_share: string;
  followers: number;
  /** The most followers the trader takes; a follow beyond it is refused (COPYTRADE.QUOTA_FULL). */
  max_followers: number;
  /** Assets under management: the sum of active follows' copy budgets, USDT. */
  aum: string;
  /** Realised PnL since becoming a trader, after fees. */
  total_profit: string;
  /** 7, 30 and 90 days, in that order. */
  figures: TraderFigures[];
  /** When the figures were last computed (hourly); null before the first run. */
  figures_at: string | null;
  /** Whether the caller follows this trader now; false when not signed in. */
  following: boolean;
  /** A simulated bot trader (the simulator's), shown so the screens are alive. */
  bot: boolean;
  trader_since: string;
}

/** One point of a trader's PnL curve: cumulative realised PnL at the end of a UTC day. */
export interface PnlPoint {
  /** yyyy-mm-dd. */
  day: string;
  pnl: string;
}

/** One of the trader's own futures positions, open or closed, as followers see it. */
export interface TraderTrade {
  /** The trader's futures position id. */
  id: number;
  symbol: string;
  type: 'long' | 'short';
  multiple: number;
  lots: number;
  /** Lots closed so far by partial closes (the rest is still open). */
  closed_lots: number;
  open_price: string | null;
  /** The close price once closed; the current mark while open (null when unknown). */
  current_price: string | null;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  /** Realised PnL once closed (before fees), unrealised while open. */
  profit: string;
  state: 'open' | 'closed';
  close_reason: 'manual' | 'tp' | 'sl' | 'liquidation' | null;
  open_time: string | null;
  close_time: string | null;
  /** Followers copying this position now (open copies). */
  copies: number;
}

/** GET /follow/traderDetail: the trader's page. */
export interface TraderDetail {
  trader: TraderRow;
  /** Figures of the chosen window (`days`, default 30). */
  window: TraderFigures;
  /** Daily points of the chosen window, oldest first (a day without trades repeats the last value). */
  pnl_curve: PnlPoint[];
  /** The trader's open positions (what a new follower's copies would mirror from now on). */
  open_positions: TraderTrade[];
  /** The caller's follow of this trader, null when none (or not signed in). */
  my_follow: MyFollow | null;
}

export type FollowState = 'active' | 'cancelled';

/** One of the caller's follows (GET /follow/my). */
export interface MyFollow {
  /** The follow's id. */
  id: number;
  trader_user_id: number;
  nickname: string;
  avatar: string;
  mode: CopyMode;
  /** The multiple ("1.5") or the fixed lots ("2"). */
  number: string;
  /** Copy budget, USDT: the most margin the follow's open copies may hold at once. */
  budget: string;
  /** Margin its open copies hold now. */
  budget_used: string;
  state: FollowState;
  /** The trader's profit share fixed when following (a later change by the trader does not apply). */
  profit_share: string;
  /** Realised PnL of all its copies, after fees. */
  realised_pnl: string;
  /** Unrealised PnL of its open copies at the current marks. */
  unrealised_pnl: string;
  /** Profit share paid to the trader so far. */
  profit_share_paid: string;
  /** What would be due now if settled: max(realised x share - paid, 0). */
  profit_share_pending: string;
  open_copies: number;
  closed_copies: number;
  skipped: number;
  created_at: string;
  ended_at: string | null;
}

/** One copied position (GET /follow/copies): the follower's futures position with its copy label. */
export interface CopyPosition {
  /** The follower's futures position id: the spec's `transaction_id` for /follow/selfHolding. */
  id: number;
  follow_id: number;
  trader_user_id: number;
  nickname: string;
  /** The trader's position it mirrors. */
  trader_position_id: number;
  symbol: string;
  type: 'long' | 'short';
  multiple: number;
  lots: number;
  /** Lots closed by the trader's partial closes so far. */
  closed_lots: number;
  open_price: string | null;
  current_price: string | null;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  margin: string;
  /** Unrealised while open; realised (before fees) once closed. */
  profit: string;
  state: 'open' | 'closed';
  close_reason: 'manual' | 'tp' | 'sl' | 'liquidation' | null;
  /** Detached by the follower: the trader's later actions no longer touch it. */
  self_held: boolean;
  open_time: string | null;
  close_time: string | null;
}

export const COPY_STATUSES = ['open', 'closed'] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];

/** What the trader did that a follower's copy mirrors. */
export type CopyAction = 'open' | 'close' | 'partial_close' | 'stops' | 'liquidation';

/** Why a copy was not made. */
export type CopySkipReason =
  | 'insufficient_margin'
  | 'below_min_lot'
  | 'budget_used'
  | 'quota_full'
  | 'too_many_positions'
  | 'price_unavailable';

/** One line of a follower's copy history (GET /follow/copyHistory): a mirrored action or a skip. */
export interface CopyEvent {
  id: number;
  follow_id: number;
  trader_user_id: number;
  nickname: string;
  action: CopyAction;
  outcome: 'copied' | 'skipped';
  skip_reason: CopySkipReason | null;
  symbol: string;
  type: 'long' | 'short';
  trader_position_id: number;
  /** The follower's position it made or changed; null when skipped before one existed. */
  position_id: number | null;
  /** The trader's lots in the action (opened or closed). */
  trader_lots: number;
  /** The follower's lots in the action; 0 when skipped. */
  lots: number;
  at: string;
}

/** GET /follow/followPreview: what following with these settings will do, by the follow's own rules. */
export interface FollowPreview {
  trader_user_id: number;
  nickname: string;
  mode: CopyMode;
  number: string;
  budget: string;
  /** The follower's lever account available USDT. */
  available: string;
  profit_share: string;
  followers: number;
  max_followers: number;
  /** Example sizes: for each of the trader's open positions and for 1 and 10 trader lots. */
  examples: { trader_lots: number; lots: number; skip_reason: CopySkipReason | null }[];
  /** A problem following would answer now (its error code), or null when it would succeed. */
  problem: string | null;
}

/** GET /follow/cancelPreview: what stopping a follow will do. */
export interface CancelPreview {
  follow_id: number;
  trader_user_id: number;
  open_copies: number;
  /** Unrealised PnL of the open copies at current marks (what closing now would realise before fees). */
  unrealised_pnl: string;
  realised_pnl: string;
  /** Profit share settled on unfollow if the copies are kept: on realised PnL so far. */
  profit_share_if_kept: string;
  /** Estimated profit share if the copies are closed now at current marks (fees not counted). */
  profit_share_if_closed: string;
}

/** POST /follow/cancel answers it. */
export interface CancelResult {
  follow: MyFollow;
  /** Copies closed now (close_positions true). */
  closed: number;
  /** Copies kept, now self-held. */
  kept: number;
  /** Profit share paid on unfollow. */
  profit_share_paid: string;
}

export type TraderApplicationState = 'none' | 'pending' | 'approved' | 'rejected';

/** GET /follow/traderMe: the caller as a trader. */
export interface TraderSelf {
  state: TraderApplicationState;
  /** Set once approved: a fraction, "0.1" = 10 %, from 0 to max_profit_share. */
  profit_share: string;
  max_profit_share: string;
  max_followers: number;
  followers: number;
  /** Profit share received from followers so far. */
  shares_received: string;
  introduction: string;
  applied_at: string | null;
  decided_at: string | null;
}

/** The private socket event `copy` (with the user stream): a copy was made, changed or skipped. */
export interface CopyMessage {
  /** Counted per user from 1 by the server process. */
  seq: number;
  event: CopyEvent;
}
