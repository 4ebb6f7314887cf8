import type { Selectable } from 'kysely';
import type { DualProduct } from '../../../contract/api/dual.ts';
import type { EarnDirection, EarnFixing, EarnOrder, EarnOrderState, EarnPreview, EarnProductKind, InvestProduct } from '../../../contract/api/invest.ts';
import { ticksToText, ppmToText } from '../../domain/futures-prices.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { bothOutcomes, FIXING_WINDOW_MINUTES, fixingTime, fixingWindowStart, type EarnTerms } from './rules.ts';
import type { DualProductsTable, EarnOrdersTable, InvestProductsTable } from './schema.ts';

export type InvestProductRow = Selectable<InvestProductsTable>;
export type DualProductRow = Selectable<DualProductsTable>;
export type EarnOrderRow = Selectable<EarnOrdersTable>;

/** A currency as the views need it. */
export interface CoinInfo {
  id: number;
  symbol: string;
  decimals: number;
}
export type CoinsById = ReadonlyMap<number, CoinInfo>;

export function coinOf(coins: CoinsById, id: number): CoinInfo {
  const coin = coins.get(id);
  if (!coin) throw new Error(`unknown currency ${id}`);
  return coin;
}

const amountOf = (coin: CoinInfo, minor: bigint) => ({ currency: coin.symbol, amount: minorToDecimal(minor, coin.decimals) });

export function fixingOf(symbol: string, at: Date): EarnFixing {
  return { symbol, at: at.toISOString(), from: fixingWindowStart(at).toISOString(), window_minutes: FIXING_WINDOW_MINUTES };
}

/** The terms an order settles by, from the product (a preview) or the order's copy of them. */
export function termsOf(direction: EarnDirection, principalMinor: bigint, strikeTicks: bigint, ratePpm: number, days: number, coin: CoinInfo, quote: CoinInfo): EarnTerms {
  return { direction, principalMinor, strikeTicks, ratePpm, days, coinDecimals: coin.decimals, quoteDecimals: quote.decimals };
}

/** Both outcomes of the terms, on the wire. */
export function previewOf(product: EarnProductKind, terms: EarnTerms, coin: CoinInfo, quote: CoinInfo, symbol: string, fixingAt: Date, shares: number | null): EarnPreview {
  const { coin: ifCoin, quote: ifQuote } = bothOutcomes(terms);
  const deposit = terms.direction === 'sell_high' ? coin : quote;
  return {
    product, direction: terms.direction, principal: amountOf(deposit, terms.principalMinor), strike_price: ticksToText(terms.strikeTicks),
    annual_rate: ppmToText(terms.ratePpm), days: terms.days,
    coin_outcome: { ...amountOf(coin, ifCoin.amountMinor), when: ifCoin.when },
    quote_outcome: { ...amountOf(quote, ifQuote.amountMinor), when: ifQuote.when },
    fixing: fixingOf(symbol, fixingAt), shares,
  };
}

export function investProductView(row: InvestProductRow, coins: CoinsById, now: Date): InvestProduct {
  const coin = coinOf(coins, row.coin_id);
  return {
    id: row.id, name: row.name, coin: coin.symbol, quote: coinOf(coins, row.quote_id).symbol, direction: 'sell_high',
    share_price: minorToDecimal(BigInt(row.share_price_minor), coin.decimals), annual_rate: ppmToText(row.rate_ppm),
    linked_price: ticksToText(BigInt(row.linked_price_ticks)), days: row.days, maturity_at: fixingTime(now, row.days).toISOString(),
    total_shares: row.total_shares, remaining_shares: row.remaining_shares, min_shares: row.min_shares,
    state: row.state === 'open' ? 'open' : 'closed', fixing_window_minutes: FIXING_WINDOW_MINUTES,
  };
}

export const dualDeposit = (row: Pick<DualProductRow, 'direction' | 'coin_id' | 'quote_id'>): number => (row.direction === 'sell_high' ? row.coin_id : row.quote_id);

export function dualProductView(row: DualProductRow, coins: CoinsById, now: Date): DualProduct {
  const deposit = coinOf(coins, dualDeposit(row));
  return {
    id: row.id, coin: coinOf(coins, row.coin_id).symbol, quote: coinOf(coins, row.quote_id).symbol,
    direction: row.direction === 'buy_low' ? 'buy_low' : 'sell_high', deposit_currency: deposit.symbol,
    target_price: ticksToText(BigInt(row.target_ticks)), annual_rate: ppmToText(row.rate_ppm), days: row.days,
    maturity_at: fixingTime(now, row.days).toISOString(), min_amount: minorToDecimal(BigInt(row.min_minor), deposit.decimals),
    remaining: minorToDecimal(BigInt(row.remaining_minor), deposit.decimals), state: row.state === 'open' ? 'open' : 'closed',
    fixing_window_minutes: FIXING_WINDOW_MINUTES,
  };
}

export const orderDirection = (row: Pick<EarnOrderRow, 'direction'>): EarnDirection => (row.direction === 'buy_low' ? 'buy_low' : 'sell_high');

export function orderTerms(row: EarnOrderRow, coins: CoinsById): EarnTerms {
  return termsOf(orderDirection(row), BigInt(row.principal_minor), BigInt(row.strike_ticks), row.rate_ppm, row.days, coinOf(coins, row.coin_id), coinOf(coins, row.quote_id));
}

export function orderView(row: EarnOrderRow, coins: CoinsById, name: string): EarnOrder {
  const coin = coinOf(coins, row.coin_id);
  const quote = coinOf(coins, row.quote_id);
  const preview = previewOf(row.product === 'dual' ? 'dual' : 'invest', orderTerms(row, coins), coin, quote, row.symbol, new Date(row.fixing_at), row.shares);
  const payoutCoin = row.payout_currency_id === null ? null : coinOf(coins, row.payout_currency_id);
  return {
    id: row.id, product: preview.product, product_id: row.product_id, name, direction: preview.direction, coin: coin.symbol, quote: quote.symbol,
    shares: row.shares, principal: preview.principal, strike_price: preview.strike_price, annual_rate: preview.annual_rate, days: row.days,
    state: row.state as EarnOrderState, created_at: row.created_at, fixing: preview.fixing,
    coin_outcome: preview.coin_outcome, quote_outcome: preview.quote_outcome,
    settle_price: row.settle_price_ticks === null ? null : ticksToText(BigInt(row.settle_price_ticks)),
    payout: payoutCoin && row.payout_minor !== null ? amountOf(payoutCoin, BigInt(row.payout_minor)) : null,
    earned: payoutCoin && row.interest_minor !== null ? amountOf(payoutCoin, BigInt(row.interest_minor)) : null,
    settled_at: row.settled_at,
  };
}

/** A name for a dual order's product (dual products have none of their own). */
export const dualName = (coin: string, quote: string, direction: EarnDirection, target: string): string =>
  `${coin}/${quote} ${direction === 'sell_high' ? '↑' : '↓'} ${target}`;
