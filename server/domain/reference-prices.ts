/**
 * Fixed reference prices in USDT per whole unit, used for valuations (the wallet's "converted"
 * figures), BTC-equivalent withdrawal limits, the fiat trade limit and the house exchange, and as
 * each spot pair's price before its first trade (and the market simulator's anchor). They are
 * illustrative round figures, not market data; change them here (and in the README's table) or
 * replace this module's callers' source.
 * A currency not in the table is worth 0 for valuations and cannot be exchanged.
 */
export const REFERENCE_PRICES_USDT: Readonly<Record<string, string>> = {
  USDT: '1',
  BTC: '60000',
  ETH: '3000',
  BNB: '600',
  SOL: '150',
  LTC: '80',
  XRP: '0.5',
  ADA: '0.45',
  DOGE: '0.15',
  TRX: '0.12',
  // Listed for spot trading (issue 4): the first "last price" of each pair and the simulator's anchor.
  DOT: '4.5',
  AVAX: '25',
  LINK: '15',
  POL: '0.25',
  SHIB: '0.000012',
  BCH: '450',
  XLM: '0.3',
  ATOM: '5',
  ETC: '18',
  FIL: '3',
  APT: '5',
  ARB: '0.4',
  OP: '0.7',
  NEAR: '3',
  UNI: '8',
  AAVE: '250',
  ICP: '6',
  HBAR: '0.2',
  VET: '0.025',
  ALGO: '0.2',
  SUI: '3',
  TON: '3',
  PEPE: '0.00001',
  INJ: '15',
  // Tokenised stocks, in USDT per share.
  AAPL: '230',
  TSLA: '350',
  NVDA: '180',
  MSFT: '480',
  AMZN: '220',
  GOOGL: '200',
  META: '700',
  COIN: '300',
};

/** Prices are integers of 10^-8 USDT ("price ticks"). */
export const PRICE_DECIMALS = 8;
const PRICE_SCALE = 10n ** BigInt(PRICE_DECIMALS);

/** The reference price of a symbol in ticks, or null when it has none. */
export function priceTicks(symbol: string, table: Readonly<Record<string, string>> = REFERENCE_PRICES_USDT): bigint | null {
  const text = table[symbol.toUpperCase()];
  const match = text === undefined ? null : /^(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) return null;
  return BigInt(match[1] ?? '0') * PRICE_SCALE + BigInt((match[2] ?? '').padEnd(PRICE_DECIMALS, '0'));
}

export interface Priced {
  decimals: number;
  /** From priceTicks(). */
  priceTicks: bigint;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/**
 * An amount of one currency valued in another at reference prices, in the target's minor units.
 * `roundUp` for what must not be understated (limits used), down for what is paid out.
 */
export function convertMinor(amountMinor: bigint, from: Priced, to: Priced, roundUp = false): bigint {
  if (from.priceTicks <= 0n || to.priceTicks <= 0n) return 0n;
  const numerator = amountMinor * from.priceTicks * pow10(to.decimals);
  const denominator = pow10(from.decimals) * to.priceTicks;
  const quotient = numerator / denominator;
  return roundUp && quotient * denominator < numerator ? quotient + 1n : quotient;
}

/** Units of `to` for one unit of `from`, at `places` decimals (rounded down), as ticks of 10^-places. */
export function crossPriceMinor(from: Priced, to: Priced, places: number): bigint {
  if (to.priceTicks <= 0n) return 0n;
  return (from.priceTicks * pow10(places)) / to.priceTicks;
}
