import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { expect, readCode } from './fixtures.ts';

/** What the specs do outside the page: the operator CLI, API calls as a user, and new accounts. */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Runs the operator CLI against the e2e server's own database and answers what it printed:
 * scripts/e2e.mjs passes its DATA_DIR as E2E_DATA_DIR (and E2E_DATABASE_URL when it runs on PostgreSQL).
 */
export async function ops(...args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir && !process.env.E2E_DATABASE_URL) throw new Error('E2E_DATA_DIR is not set: run this suite with `npm run test:e2e`');
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  if (dataDir) env.DATA_DIR = dataDir;
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/src/ops/cli.ts', ...args], { cwd: ROOT, env, timeout: 60_000 });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`npm run ops -- ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: error });
  }
}

export interface Answer<T> {
  type: string | number;
  message: T;
}

/** One API call as the user holding `token`; answers the envelope's message, throws on anything but ok. */
export async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, form: Record<string, string> = {}): Promise<T> {
  const options = { headers: { Authorization: token }, ...(method === 'GET' ? { params: { ...form, lang: 'en' } } : { form: { ...form, lang: 'en' } }) };
  const response = method === 'GET' ? await request.get(`/api${path}`, options) : await request.post(`/api${path}`, options);
  expect(response.status(), `${method} /api${path}`).toBe(200);
  const answer = (await response.json()) as Answer<T>;
  if (answer.type !== 'ok') throw new Error(`${method} /api${path}: ${JSON.stringify(answer)}`);
  return answer.message;
}

/** A new account through the real code flow (its own balances, so parallel specs never interfere); answers its token. */
export async function registerUser(request: APIRequestContext, email: string, password: string): Promise<string> {
  const since = Date.now();
  const sent = (await (await request.post('/api/sms_mail', { form: { user_string: email, scene: 'register', lang: 'en' } })).json()) as Answer<unknown>;
  expect(sent.type, `sign-up code for ${email}: ${JSON.stringify(sent)}`).toBe('ok');
  const code = await readCode(request, email, { since });
  const registered = (await (await request.post('/api/user/register', { form: { type: 'email', user_string: email, code, password, re_password: password, lang: 'en' } })).json()) as Answer<unknown>;
  expect(registered.type, JSON.stringify(registered)).toBe('ok');
  const login = (await (await request.post('/api/user/login', { form: { user_string: email, password, lang: 'en' } })).json()) as Answer<string>;
  expect(login.type, JSON.stringify(login)).toBe('ok');
  return login.message;
}

export interface TwoTraders {
  seller: string;
  buyer: string;
  /** A limit order on the pair by the user holding `token`, idempotent per side and price. */
  order: (token: string, type: 'buy' | 'sell', amount: string, price: string) => Promise<unknown>;
}

/**
 * Two new accounts for one pair's book: a seller holding `baseAmount` of the pair's base and a buyer
 * holding `usdtAmount` USDT (both deposits confirmed by the operator CLI). `tag` names the accounts
 * and the orders' idempotency keys.
 */
export async function twoTraders(
  request: APIRequestContext,
  { symbol, baseAmount, usdtAmount, tag, password }: { symbol: string; baseAmount: string; usdtAmount: string; tag: string; password: string },
): Promise<TwoTraders> {
  const stamp = Date.now();
  const [sellerEmail, buyerEmail] = [`${tag}-seller-${stamp}@example.com`, `${tag}-buyer-${stamp}@example.com`];
  const seller = await registerUser(request, sellerEmail, password);
  const buyer = await registerUser(request, buyerEmail, password);
  await ops('deposit', sellerEmail, symbol.split('/')[0]!, baseAmount, '--confirmed');
  await ops('deposit', buyerEmail, 'USDT', usdtAmount, '--confirmed');
  const order = (token: string, type: 'buy' | 'sell', amount: string, price: string) =>
    api(request, token, 'POST', '/coin/trade', { symbol, type, amount, target_price: price, idempotency_key: `${tag}-${type}-${price}-${stamp}` });
  return { seller, buyer, order };
}
