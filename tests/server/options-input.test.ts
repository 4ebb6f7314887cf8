import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionOrder } from '../../contract/api/contracts.ts';
import type { Page } from '../../contract/envelope.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { balance, currencyId, makeUser, newKey, type TestUser } from './helpers/money.ts';

/** Bad input, limits, access control and idempotency of /microtrade/*: refusals change nothing. */
let c: ContractsServer;
let carol: TestUser;
let dave: TestUser;
let usdt: number;
let btcId: number;

beforeAll(async () => {
  c = await startContractsServer();
  c.setMark('BTC/USDT', '60000');
  carol = await makeUser(c.t, 'carol-o@example.com');
  dave = await makeUser(c.t, 'dave-o@example.com');
  await fundAccount(c.t, carol, '1000', 'micro');
  usdt = await currencyId(c.t, 'USDT');
  btcId = (await c.t.server.db.selectFrom('market_symbols').select('id').where('symbol', '=', 'BTC/USDT').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await c?.t.close();
});

const order = () => ({ match_id: btcId, currency_id: usdt, type: 'up', seconds: 30, number: '100' });
const attempt = (user: TestUser, data: Record<string, string | number>) =>
  c.t.api<OptionOrder>('/api/microtrade/submit', { token: user.token, data: { idempotency_key: newKey(), ...data } });

describe('/microtrade/submit refuses bad input with a code and changes nothing', () => {
  it.each([
    [{ match_id: 99999 }, 'CONTRACT.SYMBOL_UNAVAILABLE', 'match_id'],
    [{ match_id: 'abc' }, 'COMMON.PARAM_INVALID', 'match_id'],
    [{ type: 'sideways' }, 'COMMON.PARAM_INVALID', 'type'],
    [{ seconds: 45 }, 'OPTION.PERIOD_UNAVAILABLE', 'seconds'],
    [{ seconds: '30.5' }, 'OPTION.PERIOD_UNAVAILABLE', 'seconds'],
    [{ number: '5' }, 'OPTION.STAKE_TOO_SMALL', 'number'],
    [{ number: '50000.01' }, 'OPTION.STAKE_TOO_LARGE', 'number'],
    [{ number: '1e3' }, 'VALID.AMOUNT', 'number'],
    [{ number: '10.0000001' }, 'WALLET.AMOUNT_DECIMALS', 'number'],
    [{ number: '2000' }, 'WALLET.INSUFFICIENT_BALANCE', 'number'],
  ])('%j -> %s', async (change, code, field) => {
    const answer = await attempt(carol, { ...order(), ...change });
    expect(answer.body).toMatchObject({ type: 'error', code, field });
    expect(await balance(c.t, carol, 'USDT', 'micro')).toMatchObject({ available: '1000', frozen: '0' });
  });

  it('refuses a currency that is not a stake currency, and needs a key and a session', async () => {
    const ltc = await currencyId(c.t, 'LTC');
    expect((await attempt(carol, { ...order(), currency_id: ltc })).body).toMatchObject({ code: 'OPTION.CURRENCY_UNAVAILABLE', field: 'currency_id' });
    expect((await c.t.api('/api/microtrade/submit', { token: carol.token, data: order() })).body).toMatchObject({ code: 'VALID.REQUIRED', field: 'idempotency_key' });
    expect((await c.t.api('/api/microtrade/submit', { data: { ...order(), idempotency_key: newKey() } })).body.type).toBe(999);
    expect((await c.t.api('/api/microtrade/seconds', { method: 'GET', data: { currency_id: ltc } })).body).toMatchObject({ code: 'OPTION.CURRENCY_UNAVAILABLE' });
  });
});

describe('access, mass assignment and idempotency', () => {
  it('places once per key, ignores unnamed fields, and hides the option from other users', async () => {
    const key = newKey();
    const data = { ...order(), idempotency_key: key, user_id: dave.uid, buy_price: '1', profit_rate: '9', state: 'settled' };
    const first = await c.t.ok<OptionOrder>('/api/microtrade/submit', { token: carol.token, data });
    const again = await c.t.ok<OptionOrder>('/api/microtrade/submit', { token: carol.token, data });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ buy_price: '60000', profit_rate: '0.1', state: 'open' });
    expect(await balance(c.t, carol, 'USDT', 'micro')).toMatchObject({ available: '900', frozen: '100' });
    expect((await c.t.api('/api/microtrade/get_result', { method: 'GET', token: dave.token, data: { id: first.id } })).body).toMatchObject({ code: 'COMMON.NOT_FOUND' });
    const daves = await c.t.ok<Page<OptionOrder>>('/api/microtrade/lists', { method: 'GET', token: dave.token, data: { status: 'in_progress' } });
    expect(daves.total).toBe(0);
    const carols = await c.t.ok<Page<OptionOrder>>('/api/microtrade/lists', { method: 'GET', token: carol.token });
    expect(carols).toMatchObject({ total: 1, limit: 5 });
  });

  it('caps open options per user (20)', async () => {
    await fundAccount(c.t, dave, '1000', 'micro');
    for (let i = 0; i < 20; i += 1) expect((await attempt(dave, { ...order(), number: '10' })).body.type).toBe('ok');
    expect((await attempt(dave, { ...order(), number: '10' })).body).toMatchObject({ code: 'OPTION.TOO_MANY_OPEN' });
    expect(await balance(c.t, dave, 'USDT', 'micro')).toMatchObject({ available: '800', frozen: '200' });
  });
});
