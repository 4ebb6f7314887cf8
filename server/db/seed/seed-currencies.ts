import type { Kysely } from 'kysely';
import { decimalToMinor } from '../../domain/minor-units.ts';
import type { Database } from '../schema.ts';

interface SeedNetwork {
  network: string;
  confirmations: number;
  /** Human decimal amounts; stored as integer minor units at the currency's decimals. */
  withdrawFee: string;
  minWithdraw: string;
  addressRegex: string;
}

interface SeedCurrency {
  symbol: string;
  name: string;
  type: 'coin' | 'token';
  decimals: number;
  networks: SeedNetwork[];
}

const EVM_ADDRESS = '^0x[0-9a-fA-F]{40}$';
const TRON_ADDRESS = '^T[1-9A-HJ-NP-Za-km-z]{33}$';

export const SEED_CURRENCIES: readonly SeedCurrency[] = [
  { symbol: 'BTC', name: 'Bitcoin', type: 'coin', decimals: 8, networks: [
    { network: 'Bitcoin', confirmations: 2, withdrawFee: '0.0005', minWithdraw: '0.001', addressRegex: '^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$' },
  ] },
  { symbol: 'ETH', name: 'Ethereum', type: 'coin', decimals: 8, networks: [
    { network: 'Ethereum', confirmations: 12, withdrawFee: '0.005', minWithdraw: '0.01', addressRegex: EVM_ADDRESS },
  ] },
  { symbol: 'USDT', name: 'Tether USD', type: 'token', decimals: 6, networks: [
    { network: 'ERC20', confirmations: 12, withdrawFee: '5', minWithdraw: '10', addressRegex: EVM_ADDRESS },
    { network: 'TRC20', confirmations: 20, withdrawFee: '1', minWithdraw: '10', addressRegex: TRON_ADDRESS },
  ] },
  { symbol: 'LTC', name: 'Litecoin', type: 'coin', decimals: 8, networks: [
    { network: 'Litecoin', confirmations: 6, withdrawFee: '0.001', minWithdraw: '0.01', addressRegex: '^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3][1-9A-HJ-NP-Za-km-z]{26,33})$' },
  ] },
  { symbol: 'TRX', name: 'TRON', type: 'coin', decimals: 6, networks: [
    { network: 'TRON', confirmations: 20, withdrawFee: '1', minWithdraw: '10', addressRegex: TRON_ADDRESS },
  ] },
  { symbol: 'XRP', name: 'XRP', type: 'coin', decimals: 6, networks: [
    { network: 'XRP Ledger', confirmations: 1, withdrawFee: '0.25', minWithdraw: '20', addressRegex: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$' },
  ] },
  { symbol: 'DOGE', name: 'Dogecoin', type: 'coin', decimals: 8, networks: [
    { network: 'Dogecoin', confirmations: 20, withdrawFee: '5', minWithdraw: '50', addressRegex: '^D[5-9A-HJ-NP-U][1-9A-HJ-NP-Za-km-z]{32}$' },
  ] },
  { symbol: 'SOL', name: 'Solana', type: 'coin', decimals: 8, networks: [
    { network: 'Solana', confirmations: 32, withdrawFee: '0.01', minWithdraw: '0.1', addressRegex: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' },
  ] },
  { symbol: 'BNB', name: 'BNB', type: 'coin', decimals: 8, networks: [
    { network: 'BNB Smart Chain', confirmations: 15, withdrawFee: '0.001', minWithdraw: '0.01', addressRegex: EVM_ADDRESS },
  ] },
  { symbol: 'ADA', name: 'Cardano', type: 'coin', decimals: 6, networks: [
    { network: 'Cardano', confirmations: 15, withdrawFee: '1', minWithdraw: '10', addressRegex: '^addr1[02-9ac-hj-np-z]{50,120}$' },
  ] },
];

function minorText(amount: string, decimals: number): string {
  const minor = decimalToMinor(amount, decimals);
  if (minor === null) throw new Error(`seed amount ${amount} has more than ${decimals} places`);
  return minor.toString();
}

/** Currencies by symbol and networks by (currency, network): re-running adds only what is missing. */
export async function seedCurrencies(db: Kysely<Database>): Promise<void> {
  for (const [sort, currency] of SEED_CURRENCIES.entries()) {
    await db
      .insertInto('currencies')
      .values({
        symbol: currency.symbol,
        name: currency.name,
        type: currency.type,
        decimals: currency.decimals,
        image: `/coins/${currency.symbol.toLowerCase()}.svg`,
        status: 1,
        sort,
      })
      .onConflict((oc) => oc.column('symbol').doNothing())
      .execute();
    const { id } = await db.selectFrom('currencies').select('id').where('symbol', '=', currency.symbol).executeTakeFirstOrThrow();
    await db
      .insertInto('currency_networks')
      .values(currency.networks.map((n, networkSort) => ({
        currency_id: id,
        network: n.network,
        confirmations: n.confirmations,
        withdraw_fee_minor: minorText(n.withdrawFee, currency.decimals),
        min_withdraw_minor: minorText(n.minWithdraw, currency.decimals),
        address_regex: n.addressRegex,
        sort: networkSort,
      })))
      .onConflict((oc) => oc.columns(['currency_id', 'network']).doNothing())
      .execute();
  }
}
