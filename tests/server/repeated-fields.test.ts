import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../contract/api/market.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { currencyId, fund, makeUser, newKey, type TestUser } from './helpers/money.ts';

/**
 * A field sent more than once (a repeated form field, a JSON array of any length, or the same key in
 * the query and the body) is refused for every route before its handler runs, as COMMON.PARAM_INVALID
 * naming the field: otherwise the handler reads one value while a proxy or a log reads another.
 */
let c: ContractsServer;
let alice: TestUser;
let btc = 0;
let eth = 0;
let usdt = 0;

beforeAll(async () => {
  c = await startContractsServer();
  c.setMark('BTC/USDT', '60000');
  alice = await makeUser(c.t, 'alice-r@example.com');
  await fundAccount(c.t, alice, '1000');
  await fund(c.t, alice.uid, 'USDT', '1000');
  btc = await currencyId(c.t, 'BTC');
  eth = await currencyId(c.t, 'ETH');
  usdt = await currencyId(c.t, 'USDT');
});
afterAll(async () => {
  await c?.t.close();
});

/** Everything the refused requests could change. */
async function snapshot() {
  const db = c.t.server.db;
  return {
    spotOrders: (await db.selectFrom('spot_orders').select('id').execute()).length,
    positions: (await db.selectFrom('futures_positions').select('id').execute()).length,
    journals: (await db.selectFrom('ledger_journals').select('id').execute()).length,
    sessions: (await db.selectFrom('sessions').select('token_hash').execute()).length,
    balances: await db.selectFrom('ledger_accounts').select(['id', 'available_minor', 'frozen_minor']).orderBy('id').execute(),
  };
}

type Answer = { type: unknown; code?: string; message?: string; field?: string };

/** A request as an attacker writes it: `query` goes in the URL as is, `form` as the raw form body. */
async function raw(path: string, options: { method?: 'GET' | 'POST'; token?: string; query?: string; form?: string; json?: unknown }): Promise<Answer> {
  const headers: Record<string, string> = options.token ? { authorization: options.token } : {};
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = options.form;
  }
  const response = await fetch(c.t.url + path + (options.query ? `?${options.query}` : ''), { method: options.method ?? 'POST', headers, body });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

const order = () => ({ symbol: 'BTC/USDT', target_price: '50000', amount: '0.001', idempotency_key: newKey() });
const form = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
const refused = (field: string) => ({ type: 'error', code: 'COMMON.PARAM_INVALID', field });

describe('/wallet/change: from_field and to_field said twice move nothing', () => {
  const fields = () => ({ currency_id: usdt, number: '10', idempotency_key: newKey() });

  it('as a repeated form field, a JSON array, or in the query and the body', async () => {
    const before = await snapshot();
    expect(await raw('/api/wallet/change', { token: alice.token, form: `${form({ ...fields(), to_field: 'lever' })}&from_field=change&from_field=lever` })).toMatchObject(refused('from_field'));
    expect(await raw('/api/wallet/change', { token: alice.token, form: `${form({ ...fields(), from_field: 'change' })}&to_field=lever&to_field=micro` })).toMatchObject(refused('to_field'));
    expect(await raw('/api/wallet/change', { token: alice.token, json: { ...fields(), from_field: ['change', 'lever'], to_field: 'micro' } })).toMatchObject(refused('from_field'));
    // An array of one is still not a plain value.
    expect(await raw('/api/wallet/change', { token: alice.token, json: { ...fields(), from_field: 'change', to_field: ['lever'] } })).toMatchObject(refused('to_field'));
    expect(await raw('/api/wallet/change', { token: alice.token, query: 'to_field=micro', form: form({ ...fields(), from_field: 'change', to_field: 'lever' }) })).toMatchObject(refused('to_field'));
    expect(await snapshot()).toEqual(before);
  });
});

describe('/coin/trade: the side and the pair are never picked from conflicting fields', () => {
  it('refuses type said twice, as a list, or in the query and the body, in the request language', async () => {
    const before = await snapshot();
    expect(await raw('/api/coin/trade', { token: alice.token, form: `${form({ ...order(), lang: 'fra' })}&type=buy&type=sell` }))
      .toMatchObject({ ...refused('type'), message: 'Paramètre incorrect' });
    expect(await raw('/api/coin/trade', { token: alice.token, json: { ...order(), type: ['buy', 'sell'] } })).toMatchObject(refused('type'));
    expect(await raw('/api/coin/trade', { token: alice.token, json: { ...order(), type: ['buy'] } })).toMatchObject(refused('type'));
    expect(await raw('/api/coin/trade', { token: alice.token, query: 'type=sell', form: form({ ...order(), type: 'buy' }) })).toMatchObject(refused('type'));
    // Even an empty copy: which one a proxy keeps is its own choice.
    expect(await raw('/api/coin/trade', { token: alice.token, query: 'type=', form: form({ ...order(), type: 'buy' }) })).toMatchObject(refused('type'));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a symbol that names another pair than currency_id/legal_id, and trades when they agree', async () => {
    const before = await snapshot();
    const ethUsdt = await raw('/api/coin/trade', { token: alice.token, form: form({ ...order(), type: 'buy', currency_id: eth, legal_id: usdt }) });
    expect(ethUsdt).toMatchObject(refused('symbol'));
    const usdtQuote = await raw('/api/coin/trade', { token: alice.token, form: form({ ...order(), type: 'buy', currency_id: btc, legal_id: btc }) });
    expect(usdtQuote).toMatchObject(refused('symbol'));
    expect(await snapshot()).toEqual(before);
    const agreed = await c.t.ok<SpotOrder>('/api/coin/trade', { token: alice.token, data: { ...order(), type: 'buy', currency_id: btc, legal_id: usdt } });
    expect(agreed.symbol).toBe('BTC/USDT');
    await c.t.ok('/api/coin/cancel', { token: alice.token, data: { id: agreed.id } });
  });
});

describe('/lever/submit: type and order_type said twice open nothing', () => {
  const position = () => ({ symbol: 'BTC/USDT', multiple: 10, lots: 1, idempotency_key: newKey() });

  it('as a repeated form field, a JSON array, or in the query and the body', async () => {
    const before = await snapshot();
    expect(await raw('/api/lever/submit', { token: alice.token, form: `${form(position())}&type=long&type=short` })).toMatchObject(refused('type'));
    expect(await raw('/api/lever/submit', { token: alice.token, form: `${form({ ...position(), type: 'long' })}&order_type=market&order_type=limit` })).toMatchObject(refused('order_type'));
    expect(await raw('/api/lever/submit', { token: alice.token, json: { ...position(), type: ['long', 'short'] } })).toMatchObject(refused('type'));
    expect(await raw('/api/lever/submit', { token: alice.token, json: { ...position(), type: 'long', order_type: ['market'] } })).toMatchObject(refused('order_type'));
    expect(await raw('/api/lever/submit', { token: alice.token, query: 'type=short', form: form({ ...position(), type: 'long' }) })).toMatchObject(refused('type'));
    expect(await raw('/api/lever/submit', { token: alice.token, query: 'order_type=limit', form: form({ ...position(), type: 'long', order_type: 'market' }) })).toMatchObject(refused('order_type'));
    expect(await snapshot()).toEqual(before);
  });
});

describe('contracts: a symbol must name the same contract as the ids sent beside it', () => {
  it('/lever/submit refuses a symbol that disagrees with currency_id/legal_id and opens with ones that agree', async () => {
    const before = await snapshot();
    const position = { symbol: 'BTC/USDT', type: 'long', multiple: 10, lots: 1 };
    expect(await raw('/api/lever/submit', { token: alice.token, form: form({ ...position, currency_id: eth, legal_id: usdt, idempotency_key: newKey() }) })).toMatchObject(refused('symbol'));
    expect(await snapshot()).toEqual(before);
    const opened = await raw('/api/lever/submit', { token: alice.token, form: form({ ...position, currency_id: btc, legal_id: usdt, idempotency_key: newKey() }) });
    expect(opened).toMatchObject({ type: 'ok' });
  });

  it('/microtrade/submit refuses a symbol that disagrees with match_id (its currency_id is the stake)', async () => {
    const id = async (symbol: string) => (await c.t.server.db.selectFrom('market_symbols').select('id').where('symbol', '=', symbol).executeTakeFirstOrThrow()).id;
    const before = await snapshot();
    const option = { symbol: 'BTC/USDT', currency_id: usdt, seconds: 60, number: '10', type: 'up' };
    expect(await raw('/api/microtrade/submit', { token: alice.token, form: form({ ...option, match_id: await id('ETH/USDT'), idempotency_key: newKey() }) })).toMatchObject(refused('symbol'));
    expect(await snapshot()).toEqual(before);
  });
});

describe('every other route refuses a field said twice', () => {
  it('a GET list with page twice, in the query or in the query and the body', async () => {
    expect(await raw('/api/coin/list', { method: 'GET', token: alice.token, query: 'status=open&page=1&page=2' })).toMatchObject(refused('page'));
    expect(await raw('/api/coin/list', { token: alice.token, query: 'page=2', form: 'status=open&page=1' })).toMatchObject(refused('page'));
    // Said once it still lists.
    expect(await raw('/api/coin/list', { method: 'GET', token: alice.token, query: 'status=open&page=1' })).toMatchObject({ type: 'ok' });
  });

  it('/user/login with user_string or password twice signs nobody in; a JSON boolean flag still works', async () => {
    const before = await snapshot();
    expect(await raw('/api/user/login', { form: `user_string=${alice.email}&user_string=other@example.com&password=secret-1` })).toMatchObject(refused('user_string'));
    expect(await raw('/api/user/login', { form: `user_string=${alice.email}&password=wrong&password=secret-1` })).toMatchObject(refused('password'));
    expect(await raw('/api/user/login', { json: { user_string: alice.email, password: ['secret-1'] } })).toMatchObject(refused('password'));
    expect(await raw('/api/user/login', { query: `user_string=${alice.email}`, form: `user_string=${alice.email}&password=secret-1` })).toMatchObject(refused('user_string'));
    expect(await snapshot()).toEqual(before);
    expect(await raw('/api/user/login', { json: { user_string: alice.email, password: 'secret-1', stay: true } })).toMatchObject({ type: 'ok' });
  });

  it('lang twice is refused too; past the field cap a repeat is still seen', async () => {
    expect(await raw('/api/coin/list', { token: alice.token, query: 'lang=fra', form: 'lang=fra&status=open' })).toMatchObject({ ...refused('lang'), message: 'Paramètre incorrect' });
    const before = await snapshot();
    const filler = Array.from({ length: 60 }, (_, i) => `x${i}=1`).join('&');
    expect(await raw('/api/coin/trade', { token: alice.token, query: 'type=buy', form: `${form(order())}&${filler}&type=sell` })).toMatchObject(refused('type'));
    expect(await snapshot()).toEqual(before);
  });
});
