import type { Generated } from 'kysely';

/**
 * Tables of contracts (issue 5): futures positions, seconds options, their settings and the mark
 * price history. Same conventions as schema.ts; prices are integer ticks of 10^-8 quote units
 * (`*_ticks`, decimal-digit text), lot sizes integer 10^-8 base units (`*_scaled`), amounts minor
 * units of the margin or stake currency (`*_minor`), rates parts per million (`*_ppm`).
 */
export interface ContractTables {
  contract_settings: ContractSettingsTable;
  contract_params: ContractParamsTable;
  futures_positions: FuturesPositionsTable;
  futures_overnight_charges: FuturesOvernightChargesTable;
  option_periods: OptionPeriodsTable;
  seconds_options: SecondsOptionsTable;
  contract_mark_ticks: ContractMarkTicksTable;
  contract_mark_overrides: ContractMarkOverridesTable;
}

/** Futures terms keyed by "coin", "stock" (category defaults) or a symbol ("BTC/USDT"); null fields inherit. */
export interface ContractSettingsTable {
  key: string;
  /** "5,10,20,50,100". */
  multiples: string | null;
  /** Base units per lot as a decimal ("0.01"). */
  lot_size: string | null;
  min_lots: number | null;
  max_lots: number | null;
  fee_rate_ppm: number | null;
  overnight_rate_ppm: number | null;
  /** 0 closes the symbol to new futures orders. */
  enabled: number | null;
  updated_at: string;
}

/** liquidation_rate_ppm, overnight_time ("HH:MM" UTC), max_open_positions, max_open_options. */
export interface ContractParamsTable {
  name: string;
  value: string;
  updated_at: string;
}

export interface FuturesPositionsTable {
  id: Generated<number>;
  user_id: number;
  symbol_id: number;
  symbol: string;
  /** 'coin' | 'stock'. */
  category: string;
  /** The fund account: 'lever' (coins) or 'stock'. */
  account: string;
  /** The quote currency: margin, fees and PnL are in it. */
  margin_currency_id: number;
  /** 'long' | 'short'. */
  side: string;
  /** 'market' | 'limit'. */
  order_type: string;
  /** 'pending' | 'open' | 'closed' | 'cancelled'. */
  state: string;
  multiple: number;
  lots: number;
  lot_size_scaled: string;
  target_price_ticks: string | null;
  open_price_ticks: string | null;
  close_price_ticks: string | null;
  tp_ticks: string | null;
  sl_ticks: string | null;
  /** Frozen for the open position (lowered by overnight fees or losses of other positions it paid for). */
  margin_minor: string;
  /** What a pending limit order holds frozen (margin + fee at its limit price); 0 once opened. */
  hold_minor: string;
  open_fee_minor: string;
  close_fee_minor: string;
  overnight_fee_minor: string;
  /** Realised PnL before fees, signed; 0 until closed. */
  pnl_minor: string;
  /** The part of a loss paid by the insurance account. */
  insurance_minor: string;
  fee_rate_ppm: number;
  overnight_rate_ppm: number;
  /** 'manual' | 'tp' | 'sl' | 'liquidation'. */
  close_reason: string | null;
  created_at: string;
  opened_at: string | null;
  closed_at: string | null;
  updated_at: string;
}

/** One row per position and charge day: the overnight fee cannot be charged twice, whatever restarts. */
export interface FuturesOvernightChargesTable {
  position_id: number;
  /** "YYYY-MM-DD" of the charge instant (UTC). */
  day: string;
  amount_minor: string;
  journal_id: number | null;
  created_at: string;
}

/** Expiry choices per stake currency (by symbol, so it needs no currency id at migration time). */
export interface OptionPeriodsTable {
  id: Generated<number>;
  seconds: number;
  currency: string;
  profit_rate_ppm: number;
  /** Decimal text in the stake currency ("10"). */
  min_stake: string;
  max_stake: string;
  status: number;
  sort: number;
}

export interface SecondsOptionsTable {
  id: Generated<number>;
  user_id: number;
  symbol_id: number;
  symbol: string;
  currency_id: number;
  /** 'up' | 'down'. */
  direction: string;
  seconds: number;
  stake_minor: string;
  profit_rate_ppm: number;
  entry_price_ticks: string;
  exit_price_ticks: string | null;
  /** 'open' | 'settled'. */
  state: string;
  /** 'win' | 'lose' | 'draw'. */
  outcome: string | null;
  /** Signed: +profit, -stake or 0. */
  result_minor: string | null;
  created_at: string;
  expires_at: string;
  /** Time of the mark it settled against. */
  exit_mark_at: string | null;
  settled_at: string | null;
}

/** Marks seen for symbols with open options (at most one a second each), so settlement after a restart uses what was seen. */
export interface ContractMarkTicksTable {
  symbol: string;
  at: string;
  price_ticks: string;
}

/** An operator's mark override (ops mark); the server polls it every second. */
export interface ContractMarkOverridesTable {
  symbol: string;
  price_ticks: string;
  set_by: string;
  set_at: string;
}
