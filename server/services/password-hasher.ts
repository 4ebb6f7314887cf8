import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at OWASP's recommended cost (N=2^17, r=8, p=1), stored self-describing as
 * "scrypt$ln=17,r=8,p=1$<salt>$<key>" so the cost can rise later without breaking old hashes.
 */
const COST: ScryptCost = { ln: 17, r: 8, p: 1 };

/** log2(N), r and p of scrypt. Only tests pass a lower cost (verification reads it from the hash). */
export interface ScryptCost {
  ln: number;
  r: number;
  p: number;
}
const SALT_BYTES = 16;
const KEY_BYTES = 64;

function derive(password: string, salt: Buffer, ln: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** ln;
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below that at N=2^17.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, cost: ScryptCost = COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost.ln, cost.r, cost.p);
  return `scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const ENCODED = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = ENCODED.exec(encoded);
  if (!match) return false;
  const [, ln, r, p, salt, key] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(ln), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Verified against when the account does not exist, so an unknown account costs the same time as a
 * wrong password and answers cannot be told apart by timing. No password matches it.
 */
export const UNKNOWN_ACCOUNT_HASH = `scrypt$ln=${COST.ln},r=${COST.r},p=${COST.p}$${Buffer.alloc(SALT_BYTES, 7).toString('base64')}$${Buffer.alloc(KEY_BYTES).toString('base64')}`;
