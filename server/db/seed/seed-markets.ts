import type { Kysely } from 'kysely';
import type { MarketCategory } from '../../../contract/api/market.ts';
import { decimalToMinor } from '../../domain/minor-units.ts';
import { symbolRulesOf } from '../../domain/spot-symbol-rules.ts';
import type { Database } from '../schema.ts';

/** A currency that is only traded here (no deposit network): tradable coins and tokenised stocks. */
interface TradableCurrency {
  symbol: string;
  name: string;
  type: 'coin' | 'token';
  decimals: number;
}

export const TRADABLE_CURRENCIES: readonly TradableCurrency[] = [
  { symbol: 'DOT', name: 'Polkadot', type: 'coin', decimals: 8 },
  { symbol: 'AVAX', name: 'Avalanche', type: 'coin', decimals: 8 },
  { symbol: 'LINK', name: 'Chainlink', type: 'token', decimals: 8 },
  { symbol: 'POL', name: 'Polygon', type: 'coin', decimals: 8 },
  { symbol: 'SHIB', name: 'Shiba Inu', type: 'token', decimals: 4 },
  { symbol: 'BCH', name: 'Bitcoin Cash', type: 'coin', decimals: 8 },
  { symbol: 'XLM', name: 'Stellar', type: 'coin', decimals: 7 },
  { symbol: 'ATOM', name: 'Cosmos', type: 'coin', decimals: 6 },
  { symbol: 'ETC', name: 'Ethereum Classic', type: 'coin', decimals: 8 },
  { symbol: 'FIL', name: 'Filecoin', type: 'coin', decimals: 8 },
  { symbol: 'APT', name: 'Aptos', type: 'coin', decimals: 8 },
  { symbol: 'ARB', name: 'Arbitrum', type: 'token', decimals: 8 },
  { symbol: 'OP', name: 'Optimism', type: 'token', decimals: 8 },
  { symbol: 'NEAR', name: 'NEAR Protocol', type: 'coin', decimals: 8 },
  { symbol: 'UNI', name: 'Uniswap', type: 'token', decimals: 8 },
  { symbol: 'AAVE', name: 'Aave', type: 'token', decimals: 8 },
  { symbol: 'ICP', name: 'Internet Computer', type: 'coin', decimals: 8 },
  { symbol: 'HBAR', name: 'Hedera', type: 'coin', decimals: 8 },
  { symbol: 'VET', name: 'VeChain', type: 'coin', decimals: 8 },
  { symbol: 'ALGO', name: 'Algorand', type: 'coin', decimals: 6 },
  { symbol: 'SUI', name: 'Sui', type: 'coin', decimals: 8 },
  { symbol: 'TON', name: 'Toncoin', type: 'coin', decimals: 8 },
  { symbol: 'PEPE', name: 'Pepe', type: 'token', decimals: 4 },
  { symbol: 'INJ', name: 'Injective', type: 'coin', decimals: 8 },
  { symbol: 'AAPL', name: 'Apple (tokenised stock)', type: 'token', decimals: 8 },
  { symbol: 'TSLA', name: 'Tesla (tokenised stock)', type: 'token', decimals: 8 },
  { symbol: 'NVDA', name: 'NVIDIA (tokenised stock)', type: 'token', decimals: 8 },
  { symbol: 'MSFT', name: 'Microsoft (tokenised stock)', type: 'token', decimals: 8 },
  { symbol: 'AMZN', name: 'Amazon (tokenised stock)', type: 'token', decimals: 8 },
  { symbol: 'GOOGL', name: 'Alphabet (tokenised stock)', type: 'token', decimals: 8 },
  { symbol: 'META', name: 'Meta Platforms (tokenised stock)', type: 'token', decimals: 8 },
  { symbol: 'COIN', name: 'Coinbase (tokenised stock)', type: 'token', decimals: 8 },
];

/** One pair against USDT: tick and lot as decimals, the minimum order value in USDT, fees in ppm. */
interface SeedSymbol {
  base: string;
  category: MarketCategory;
  tick: string;
  lot: string;
}

const COIN_FEES = { maker: 800, taker: 1000 };
const STOCK_FEES = { maker: 500, taker: 1000 };
const MIN_NOTIONAL_USDT = '5';
const QUOTE = 'USDT';

// One lot at one tick must be a whole number of USDT minor units (6 places): tick x lot >= 0.000001.
const coin = (base: string, tick: string, lot: string): SeedSymbol => ({ base, category: 'coin', tick, lot });
const stock = (base: string): SeedSymbol => ({ base, category: 'stock', tick: '0.01', lot: '0.0001' });

export const SEED_SYMBOLS: readonly SeedSymbol[] = [
  coin('BTC', '0.1', '0.00001'), coin('ETH', '0.01', '0.0001'), coin('BNB', '0.01', '0.0001'), coin('SOL', '0.01', '0.0001'),
  coin('XRP', '0.0001', '0.01'), coin('DOGE', '0.00001', '0.1'), coin('ADA', '0.0001', '0.01'), coin('TRX', '0.00001', '0.1'),
  coin('LTC', '0.01', '0.0001'), coin('DOT', '0.001', '0.001'), coin('AVAX', '0.001', '0.001'), coin('LINK', '0.001', '0.001'),
  coin('POL', '0.00001', '0.1'), coin('SHIB', '0.00000001', '100'), coin('BCH', '0.01', '0.0001'), coin('XLM', '0.00001', '0.1'),
  coin('ATOM', '0.001', '0.001'), coin('ETC', '0.001', '0.001'), coin('FIL', '0.001', '0.001'), coin('APT', '0.001', '0.001'),
  coin('ARB', '0.0001', '0.01'), coin('OP', '0.0001', '0.01'), coin('NEAR', '0.001', '0.001'), coin('UNI', '0.001', '0.001'),
  coin('AAVE', '0.01', '0.0001'), coin('ICP', '0.001', '0.001'), coin('HBAR', '0.00001', '0.1'), coin('VET', '0.000001', '1'),
  coin('ALGO', '0.00001', '0.1'), coin('SUI', '0.001', '0.001'), coin('TON', '0.001', '0.001'), coin('PEPE', '0.00000001', '100'),
  coin('INJ', '0.001', '0.001'),
  stock('AAPL'), stock('TSLA'), stock('NVDA'), stock('MSFT'), stock('AMZN'), stock('GOOGL'), stock('META'), stock('COIN'),
];

const TRADABLE_SORT_FROM = 100;

function minorOf(amount: string, decimals: number, what: string): bigint {
  const minor = decimalToMinor(amount, decimals);
  if (minor === null || minor <= 0n) throw new Error(`seed ${what} ${amount} does not fit ${decimals} places`);
  return minor;
}

/**
 * The tradable currencies (no networks: they are bought and sold here, not deposited) and the
 * pairs. Run after seedCurrencies. Currencies by symbol and pairs by symbol: re-running adds only
 * what is missing and never changes a pair's rules under open orders.
 */
export async function seedMarkets(db: Kysely<Database>): Promise<void> {
  for (const [i, c] of TRADABLE_CURRENCIES.entries()) {
    await db.insertInto('currencies')
      .values({ symbol: c.symbol, name: c.name, type: c.type, decimals: c.decimals, image: `/coins/${c.symbol.toLowerCase()}.svg`, status: 1, sort: TRADABLE_SORT_FROM + i })
      .onConflict((oc) => oc.column('symbol').doNothing())
      .execute();
  }
  const currencies = new Map((await db.selectFrom('currencies').select(['id', 'symbol', 'decimals', 'image']).execute()).map((c) => [c.symbol, c]));
  const quote = currencies.get(QUOTE);
  if (!quote) throw new Error('seed markets: USDT is missing');
  const rows = SEED_SYMBOLS.map((s, sort) => {
    const base = currencies.get(s.base);
    if (!base) throw new Error(`seed markets: currency ${s.base} is missing`);
    const fees = s.category === 'stock' ? STOCK_FEES : COIN_FEES;
    const lotMinor = minorOf(s.lot, base.decimals, `${s.base} lot`);
    const minNotionalMinor = minorOf(MIN_NOTIONAL_USDT, quote.decimals, 'minimum notional');
    const checked = symbolRulesOf({
      id: 0, base: { ...base, symbol: s.base }, quote: { ...quote, symbol: QUOTE }, category: s.category, tickSize: s.tick,
      lotMinor, minNotionalMinor, makerFeePpm: fees.maker, takerFeePpm: fees.taker, sort,
    });
    if (!checked.ok) throw new Error(`seed markets: ${checked.problem}`);
    return {
      symbol: `${s.base}/${QUOTE}`, base_currency_id: base.id, quote_currency_id: quote.id, category: s.category, tick_size: s.tick,
      lot_size_minor: lotMinor.toString(), min_notional_minor: minNotionalMinor.toString(), maker_fee_ppm: fees.maker, taker_fee_ppm: fees.taker,
      status: 1, sort,
    };
  });
  await db.insertInto('market_symbols').values(rows).onConflict((oc) => oc.column('symbol').doNothing()).execute();
}
