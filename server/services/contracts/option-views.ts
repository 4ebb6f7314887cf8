import type { Selectable } from 'kysely';
import type { OptionOutcome, OptionOrder } from '../../../contract/api/contracts.ts';
import type { SecondsOptionsTable } from '../../db/contracts-schema.ts';
import { ppmToText, ticksToText } from '../../domain/futures-prices.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { optionProfitMinor } from '../../domain/options-rules.ts';

export type OptionRow = Selectable<SecondsOptionsTable>;

const OUTCOMES: readonly OptionOutcome[] = ['win', 'lose', 'draw'];

export function optionView(row: OptionRow, currency: { symbol: string; decimals: number }): OptionOrder {
  const money = (minor: bigint) => minorToDecimal(minor, currency.decimals);
  const stake = BigInt(row.stake_minor);
  return {
    id: row.id,
    match_id: row.symbol_id,
    symbol: row.symbol,
    currency_id: row.currency_id,
    currency: currency.symbol,
    type: row.direction === 'down' ? 'down' : 'up',
    seconds: row.seconds,
    number: money(stake),
    profit_rate: ppmToText(row.profit_rate_ppm),
    expected_profit: money(optionProfitMinor(stake, row.profit_rate_ppm)),
    buy_price: ticksToText(BigInt(row.entry_price_ticks)),
    sell_price: row.exit_price_ticks === null ? null : ticksToText(BigInt(row.exit_price_ticks)),
    state: row.state === 'settled' ? 'settled' : 'open',
    outcome: OUTCOMES.find((o) => o === row.outcome) ?? null,
    profit: row.result_minor === null ? null : money(BigInt(row.result_minor)),
    created_at: row.created_at,
    expires_at: row.expires_at,
    expires_at_ms: Date.parse(row.expires_at),
    settled_at: row.settled_at,
  };
}
