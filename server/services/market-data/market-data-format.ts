import type { Kline } from '../../../contract/api/market.ts';
import type { TickerUpdate } from '../../../contract/socket-events.ts';
import type { Candle } from '../../domain/kline-candles.ts';
import { decimalToMinor, minorToDecimal } from '../../domain/minor-units.ts';
import { changePct } from '../../domain/ticker-change.ts';
import type { DayStats } from '../../domain/ticker-window.ts';
import type { MarketSymbolInfo } from './market-symbol-info.ts';

/**
 * Market data's one price scale: integers of 10^-12 quote units per whole base unit. Finer than any
 * tick (SHIB trades at 0.00000001 USDT, below USDT's own 6 places), and the same for every pair and
 * for ever, so stored candles mean the same after a tick size changes.
 */
export const MARKET_PRICE_DECIMALS = 12;

const decimalsOf = (step: string): number => step.split('.')[1]?.replace(/0+$/, '').length ?? 0;

/** The integers of market data <-> the wire's decimal strings, at one symbol's scales. */
export class SymbolScale {
  private readonly turnoverDrop: bigint;
  /** Places a derived price (the mark price) is shown with: the tick's or the quote currency's, whichever is finer. */
  readonly displayDecimals: number;

  constructor(readonly info: MarketSymbolInfo) {
    this.turnoverDrop = 10n ** BigInt(MARKET_PRICE_DECIMALS + info.baseDecimals - info.quoteDecimals);
    this.displayDecimals = Math.min(MARKET_PRICE_DECIMALS, Math.max(decimalsOf(info.tickSize), info.quoteDecimals));
  }

  /** A wire price to market-data units, or null when it is not a decimal or is finer than 10^-12. */
  price(text: string): bigint | null {
    return decimalToMinor(text, MARKET_PRICE_DECIMALS);
  }

  amount(text: string): bigint | null {
    return decimalToMinor(text, this.info.baseDecimals);
  }

  priceText(units: bigint): string {
    return minorToDecimal(units, MARKET_PRICE_DECIMALS);
  }

  /** A derived price rounded (half up) to displayDecimals. */
  roundedPriceText(units: bigint): string {
    const drop = 10n ** BigInt(MARKET_PRICE_DECIMALS - this.displayDecimals);
    return minorToDecimal((units + drop / 2n) / drop, this.displayDecimals);
  }

  amountText(minor: bigint): string {
    return minorToDecimal(minor, this.info.baseDecimals);
  }

  /** Turnover (price units x amount minor units) in the quote currency, rounded down to its minor unit. */
  turnoverText(raw: bigint): string {
    return minorToDecimal(raw / this.turnoverDrop, this.info.quoteDecimals);
  }

  kline(c: Candle): Kline {
    return { t: c.t, o: this.priceText(c.open), h: this.priceText(c.high), l: this.priceText(c.low), c: this.priceText(c.close), v: this.amountText(c.volume) };
  }

  /** The 24 h figures; before the first trade, flat at the reference price with no volume. */
  ticker(stats: DayStats | null): TickerFigures {
    if (!stats) {
      const p = this.priceText(this.price(this.info.referencePrice) ?? 0n);
      return { symbol: this.info.symbol, last: p, change_pct: '0.00', open_24h: p, high_24h: p, low_24h: p, volume_24h: '0', quote_volume_24h: '0' };
    }
    return {
      symbol: this.info.symbol,
      last: this.priceText(stats.last),
      change_pct: changePct(stats.open, stats.last),
      open_24h: this.priceText(stats.open),
      high_24h: this.priceText(stats.high),
      low_24h: this.priceText(stats.low),
      volume_24h: this.amountText(stats.volume),
      quote_volume_24h: this.turnoverText(stats.turnover),
    };
  }
}

/** A ticker as the stream sends it, plus open_24h for the quotation list. */
export interface TickerFigures extends TickerUpdate {
  open_24h: string;
}
