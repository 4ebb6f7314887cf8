/**
 * Contracts on the wire (section 3 "Futures (lever) order" and "Options order", section 7 /lever/*
 * and /microtrade/*). Prices, amounts and rates are decimal strings, never numbers; lots, multiples
 * and seconds are whole numbers; times are ISO-8601 UTC text (countdowns also get epoch ms).
 *
 * Futures: the house is the counterparty of every position. Margin and PnL are in the symbol's quote
 * currency (USDT). Coin symbols trade from the lever fund account (type id 3), stock symbols from the
 * stock fund account. Formulas (all rounding in the house's favour by at most one minor unit):
 *   notional     = price x lots x lot_size
 *   margin       = open_price x lots x lot_size / multiple                (rounded up)
 *   handling fee = notional x fee_rate, at open and again at close       (rounded up)
 *   overnight    = open notional x overnight_rate, once a day at overnight_time UTC per open position
 *   PnL          = (mark - open_price) x lots x lot_size for a long, (open_price - mark) x ... for a short
 *   equity       = available + frozen + sum of unrealised PnL of the account's open positions
 *   risk rate    = equity / used margin (sum of open positions' margins); null when nothing is open
 * When the risk rate falls to liquidation_rate or below, every open position of that account closes
 * at the mark (reason 'liquidation') and its pending limit orders are cancelled; a loss beyond the
 * account's balance is paid by the insurance fund, so the balance never goes below zero.
 */

export const LEVER_ACCOUNTS = ['lever', 'stock'] as const;
export type LeverAccount = (typeof LEVER_ACCOUNTS)[number];

export type PositionSide = 'long' | 'short';
export type FuturesOrderType = 'market' | 'limit';
/** pending: a limit order waiting for the mark; open; closed; cancelled: a limit order cancelled before it opened. */
export type PositionState = 'pending' | 'open' | 'closed' | 'cancelled';
export type CloseReason = 'manual' | 'tp' | 'sl' | 'liquidation';

/** The balances and risk of one lever (or stock) fund account in its margin currency. */
export interface FuturesAccountRisk {
  account: LeverAccount;
  currency_id: number;
  currency: string;
  available: string;
  /** Margins of open positions plus what pending limit orders hold (margin + fee). */
  frozen: string;
  /** Sum of the open positions' margins. */
  used_margin: string;
  unrealized_pnl: string;
  equity: string;
  /** equity / used_margin as a decimal fraction with up to 6 places ("1.2534" is 125.34 %), rounded down; null when nothing is open. */
  risk_rate: string | null;
}

/** The preview /lever/deal answers when the form is filled (type, multiple, lots, and price for a limit). */
export interface FuturesPreview {
  type: PositionSide;
  multiple: number;
  lots: number;
  /**
   * The price the preview assumes: the limit price, or for a market order the price it would open at
   * now (the worse for the user of the mark, its target and the book walked for its size).
   */
  price: string;
  notional: string;
  margin: string;
  fee: string;
  /** Mark price at which the account would be liquidated if other prices stayed as they are; null when none (no price > 0 reaches it). */
  liquidation_price: string | null;
  /** Whether available covers margin + fee. */
  affordable: boolean;
}

/**
 * POST /lever/deal (symbol, or currency_id + legal_id; optionally type, multiple, lots, price for a preview):
 * what the order screen needs.
 */
export interface FuturesDeal {
  symbol: string;
  currency_id: number;
  legal_id: number;
  category: 'coin' | 'stock';
  account: LeverAccount;
  /** Allowed multiples (leverage), ascending. */
  multiples: number[];
  /** Base units per lot, such as "0.01" (BTC) or "1" (a share). */
  lot_size: string;
  min_lots: number;
  max_lots: number;
  /** Smallest price step for limit, TP and SL prices. */
  tick_size: string;
  /** Decimal fractions: "0.0005" is 0.05 % of the notional. */
  fee_rate: string;
  overnight_rate: string;
  /** When the overnight fee is charged each day, "HH:MM" UTC. */
  overnight_time: string;
  /** Risk rate at or below which the account is liquidated, as a fraction ("0.5" = 50 %). */
  liquidation_rate: string;
  /** Current mark price; null when the symbol has none yet (orders are refused then). */
  mark_price: string | null;
  balance: FuturesAccountRisk;
  preview: FuturesPreview | null;
}

/** One position (or pending limit order), as /lever/dealall, /lever/my_trade and /lever/submit answer it. */
export interface FuturesPosition {
  id: number;
  symbol: string;
  currency_id: number;
  legal_id: number;
  category: 'coin' | 'stock';
  account: LeverAccount;
  type: PositionSide;
  order_type: FuturesOrderType;
  state: PositionState;
  multiple: number;
  lots: number;
  lot_size: string;
  /** The limit price a limit order waits for; null for market orders. */
  target_price: string | null;
  /** Price it opened at; null while pending. */
  open_price: string | null;
  /** Current mark (open/pending) or the close price (closed); null when unknown. */
  current_price: string | null;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  margin: string;
  /** Handling fees paid: open (+ close once closed). */
  handling_fee: string;
  /** Overnight fees charged so far. */
  overnight_fee: string;
  /** Unrealised PnL while open, realised PnL (before fees) once closed, "0" otherwise. */
  profit: string;
  /** Estimated liquidation mark (open positions, other prices held); null otherwise or when none. */
  liquidation_price: string | null;
  close_reason: CloseReason | null;
  created_at: string;
  open_time: string | null;
  close_time: string | null;
}

/**
 * POST /lever/submit: symbol (or currency_id + legal_id), type long|short, multiple, lots (alias share),
 * order_type market|limit (default market), target_price (limit only), target_profit_price,
 * stop_loss_price (optional), idempotency_key (field or header, required). Answers the FuturesPosition.
 * A limit long opens when the mark falls to target_price or below, a limit short when it rises to it
 * or above, at target_price; margin + fee at that price are held meanwhile. POST /lever/cancel
 * (id) cancels a pending limit order and answers it.
 * TP/SL rules: long: stop_loss < reference < target_profit; short: target_profit < reference < stop_loss;
 * the reference is the limit price for a pending order, the mark for an open one.
 */
export interface FuturesSubmitResult {
  position: FuturesPosition;
  balance: FuturesAccountRisk;
}

/** POST /lever/dealall (optional account lever|stock, symbol): open and pending positions with live PnL, and the accounts' risk. */
export interface FuturesDealAll {
  positions: FuturesPosition[];
  accounts: FuturesAccountRisk[];
  /** The `risk` socket stream's seq this answer is current to (for gap recovery). */
  seq: number;
}

/**
 * POST /lever/close (id) answers FuturesCloseResult (the position is closed at the worse for the user of
 * the mark, its target and the book's price). POST /lever/setstop (id, target_profit_price,
 * stop_loss_price) sets both stops at once and answers the FuturesPosition: an absent, empty or "0" value
 * clears that stop. POST /lever/cancel (id) answers the cancelled FuturesPosition.
 */
export interface FuturesCloseResult {
  position: FuturesPosition;
  balance: FuturesAccountRisk;
}

/** POST /lever/batch_close (type all|longs|shorts, optional account lever|stock, symbol): closes the matching open positions. */
export type BatchCloseType = 'all' | 'longs' | 'shorts';
export interface FuturesBatchCloseResult {
  closed: FuturesPosition[];
  accounts: FuturesAccountRisk[];
}

/** POST /lever/my_trade (status in_progress|completed, optional symbol, account, page, limit): Page<FuturesPosition>, newest first. in_progress = pending + open; completed = closed + cancelled. */
export type FuturesTradeStatus = 'in_progress' | 'completed';

// ---------------------------------------------------------------------------------------------
// Seconds options (/microtrade/*). The stake is held in the micro fund account (type id 4) in the
// stake currency. At expiry the option settles once against the first mark price at or after the
// expiry instant: up wins when that mark is above the entry price, down when it is below; a win
// returns the stake plus stake x profit_rate (paid by the house), a loss gives the stake to the
// house, an equal price refunds the stake.
// ---------------------------------------------------------------------------------------------

export type OptionDirection = 'up' | 'down';
export type OptionState = 'open' | 'settled';
export type OptionOutcome = 'win' | 'lose' | 'draw';

/** GET /microtrade/payable_currencies: the stake currencies with the user's micro balance (when signed in). */
export interface PayableCurrency {
  currency_id: number;
  currency: string;
  decimals: number;
  /** Micro account available balance; "0" when not signed in. */
  available: string;
}

/** GET /microtrade/seconds (optional currency_id): the expiry choices per stake currency. */
export interface OptionPeriod {
  seconds: number;
  /** Decimal fraction paid on a win: "0.15" is 15 % of the stake. */
  profit_rate: string;
  currency_id: number;
  currency: string;
  min_stake: string;
  max_stake: string;
}

/** One option, as /microtrade/submit, /lists and /get_result answer it. */
export interface OptionOrder {
  id: number;
  /** The symbol's id (the spec's match_id) and its "BASE/QUOTE" name. */
  match_id: number;
  symbol: string;
  currency_id: number;
  currency: string;
  type: OptionDirection;
  seconds: number;
  /** Stake. */
  number: string;
  profit_rate: string;
  /** Stake x profit_rate: what a win adds. */
  expected_profit: string;
  /** Entry mark price. */
  buy_price: string;
  /** Settlement mark; null until settled. */
  sell_price: string | null;
  state: OptionState;
  outcome: OptionOutcome | null;
  /** Signed result: +profit on a win, -stake on a loss, "0" on a draw; null until settled. */
  profit: string | null;
  created_at: string;
  expires_at: string;
  /** expires_at as epoch ms, for countdowns. */
  expires_at_ms: number;
  /** Settlement time ("sell time"); null until settled. */
  settled_at: string | null;
}

/**
 * POST /microtrade/submit: match_id (symbol id) or symbol, currency_id (stake currency), type up|down,
 * seconds, number (stake), idempotency_key (required). Answers the OptionOrder.
 * GET /microtrade/lists (status in_progress|settled, page, limit default 5): Page<OptionOrder>, newest first.
 * GET /microtrade/get_result (id): the OptionOrder.
 */
export type OptionListStatus = 'in_progress' | 'settled';
export const OPTION_LIST_LIMIT_DEFAULT = 5;

/** Private socket event `risk` (joined with the user stream): live PnL and risk rates, at most once a second when they change. */
export interface RiskPositionMark {
  id: number;
  current_price: string | null;
  profit: string;
  liquidation_price: string | null;
}

export interface RiskMessage {
  /**
   * Counted per user from 1 by the server process (messages sent while nobody listened still count, so
   * the first one a new subscriber sees may be any number). On a gap after that, call /lever/dealall,
   * which carries the seq it is current to, and drop messages with seq <= it.
   */
  seq: number;
  accounts: FuturesAccountRisk[];
  positions: RiskPositionMark[];
  /** Positions that closed (TP, SL, liquidation) or limit orders that opened since the last message. */
  changed: FuturesPosition[];
}

/** Private socket event `option` (joined with the user stream): an option of the user settled. */
export interface OptionSettledMessage {
  seq: number;
  option: OptionOrder;
}
