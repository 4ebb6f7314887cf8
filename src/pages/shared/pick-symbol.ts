import type { MarketCategory, Quotation } from '../../../contract/api/market.ts';
import { DEFAULT_PAIR } from '../../stores/recent-pairs.ts';

/** The symbol to show: the one asked for when the category has it, else the usual default, else the first. */
export function pickSymbol(list: readonly Quotation[], requested: string, category: MarketCategory): Quotation | undefined {
  return list.find((q) => q.symbol === requested) ?? (category === 'coin' ? list.find((q) => q.symbol === DEFAULT_PAIR) : undefined) ?? list[0];
}
