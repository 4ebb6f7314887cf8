/**
 * Address shapes of the networks we list, for the simulated chain: each turns random-looking bytes
 * into a string of that network's alphabet and length. Checksums are not computed (the simulated
 * chain never leaves this machine); the result always matches the network's address_regex.
 */
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';

type Maker = (bytes: Uint8Array) => string;

const chars = (alphabet: string, count: number, bytes: Uint8Array, from = 0): string =>
  Array.from({ length: count }, (_, i) => alphabet[(bytes[from + i] ?? 0) % alphabet.length]).join('');

export const ADDRESS_FORMATS: Readonly<Record<string, Maker>> = {
  evm: (b) => '0x' + chars(HEX, 40, b),
  tron: (b) => 'T' + chars(BASE58, 33, b),
  bitcoin: (b) => 'bc1q' + chars(BECH32, 38, b),
  litecoin: (b) => 'ltc1q' + chars(BECH32, 38, b),
  xrp: (b) => 'r' + chars(BASE58, 33, b),
  dogecoin: (b) => 'D' + chars('56789ABCDEFGHJKLMNPQRSTU', 1, b) + chars(BASE58, 32, b, 1),
  solana: (b) => chars(BASE58, 44, b),
  cardano: (b) => 'addr1' + chars(BECH32, 58, b),
};

/** Network names we know the family of; others are matched by trying each family against the regex. */
const FAMILY_BY_NETWORK: Readonly<Record<string, string>> = {
  Bitcoin: 'bitcoin', Ethereum: 'evm', ERC20: 'evm', 'BNB Smart Chain': 'evm', BEP20: 'evm', TRC20: 'tron', TRON: 'tron',
  Litecoin: 'litecoin', 'XRP Ledger': 'xrp', Dogecoin: 'dogecoin', Solana: 'solana', Cardano: 'cardano',
};

/** The family whose addresses fit this network, or null when none of ours does. */
export function addressFamily(network: string, addressRegex: string): string | null {
  const pattern = new RegExp(addressRegex);
  const sample = new Uint8Array(64).map((_, i) => i * 7 + 3);
  const named = FAMILY_BY_NETWORK[network];
  const candidates = named ? [named, ...Object.keys(ADDRESS_FORMATS)] : Object.keys(ADDRESS_FORMATS);
  return candidates.find((family) => pattern.test(ADDRESS_FORMATS[family]?.(sample) ?? '')) ?? null;
}
