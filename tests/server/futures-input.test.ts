import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesDealAll, FuturesSubmitResult } from '../../contract/api/contracts.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { balance, currencyId, makeUser, newKey, type TestUser } from './helpers/money.ts';

/** Bad input, access control, mass assignment and idempotency of /lever/*: refusals change nothing. */
let c: ContractsServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  c = await startContractsServer();
  c.setMark('BTC/USDT', '60000');
  alice = await makeUser(c.t, 'alice-i@example.com');
  bob = await makeUser(c.t, 'bob-i@example.com');
  await fundAccount(c.t, alice, '1000');
  await fundAccount(c.t, bob, '1000');
});
afterAll(async () => {
  await c?.t.close();
});

const base = { symbol: 'BTC/USDT', type: 'long', multiple: 10, lots: 10 };
const attempt = (user: TestUser, data: Record<string, string | number>, lang?: string) =>
  c.t.api('/api/lever/submit', { token: user.token, data: { idempotency_key: newKey(), ...data }, ...(lang ? { lang } : {}) });

describe('/lever/submit refuses bad input with a code and changes nothing', () => {
  it.each([
    [{ ...base, symbol: undefined }, 'VALID.REQUIRED', 'symbol'],
    [{ ...base, symbol: 'NOPE/USDT' }, 'CONTRACT.SYMBOL_UNAVAILABLE', 'symbol'],
    [{ ...base, symbol: 'SOL/USDT' }, 'CONTRACT.PRICE_UNAVAILABLE', 'symbol'],
    [{ ...base, type: 'sideways' }, 'COMMON.PARAM_INVALID', 'type'],
    [{ ...base, multiple: 7 }, 'CONTRACT.MULTIPLE_INVALID', 'multiple'],
    [{ ...base, multiple: '10.5' }, 'CONTRACT.MULTIPLE_INVALID', 'multiple'],
    [{ ...base, lots: 0 }, 'CONTRACT.LOTS_INVALID', 'lots'],
    [{ ...base, lots: '1.5' }, 'CONTRACT.LOTS_INVALID', 'lots'],
    [{ ...base, lots: 1001 }, 'CONTRACT.LOTS_INVALID', 'lots'],
    [{ ...base, lots: 1000, multiple: 5 }, 'WALLET.INSUFFICIENT_BALANCE', 'lots'],
    [{ ...base, order_type: 'stop' }, 'COMMON.PARAM_INVALID', 'order_type'],
    [{ ...base, order_type: 'limit' }, 'VALID.REQUIRED', 'target_price'],
    [{ ...base, order_type: 'limit', target_price: '59000.05' }, 'CONTRACT.PRICE_INVALID', 'target_price'],
    [{ ...base, order_type: 'limit', target_price: '-5' }, 'CONTRACT.PRICE_INVALID', 'target_price'],
    [{ ...base, target_profit_price: '59000' }, 'CONTRACT.TAKE_PROFIT_INVALID', 'target_profit_price'],
    [{ ...base, stop_loss_price: '61000' }, 'CONTRACT.STOP_LOSS_INVALID', 'stop_loss_price'],
    [{ ...base, type: 'short', target_profit_price: '61000' }, 'CONTRACT.TAKE_PROFIT_INVALID', 'target_profit_price'],
    [{ ...base, order_type: 'limit', target_price: '50000', stop_loss_price: '55000' }, 'CONTRACT.STOP_LOSS_INVALID', 'stop_loss_price'],
  ])('%j -> %s', async (data, code, field) => {
    const fields = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
    const answer = await attempt(alice, fields);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'error', code, field });
    expect(await balance(c.t, alice, 'USDT', 'lever')).toMatchObject({ available: '1000', frozen: '0' });
  });

  it('refuses a symbol said twice or as a list, and a boolean side, instead of picking one', async () => {
    const form = `symbol=BTC/USDT&symbol=FOO/USDT&type=long&multiple=10&lots=1&idempotency_key=${newKey()}`;
    const twice = await fetch(c.t.url + '/api/lever/submit', { method: 'POST', headers: { authorization: alice.token, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect(await twice.json()).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'symbol' });
    const listed = await c.t.api('/api/lever/submit', { token: alice.token, json: { ...base, symbol: ['BTC/USDT'], idempotency_key: newKey() } });
    expect(listed.body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'symbol' });
    // true once read as "1", the alias of long.
    const side = await c.t.api('/api/lever/submit', { token: alice.token, json: { ...base, type: true, idempotency_key: newKey() } });
    expect(side.body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'type' });
    // Any list is refused before the handler reads the field, as a field sent twice.
    const lots = await c.t.api('/api/lever/submit', { token: alice.token, json: { ...base, lots: [1], idempotency_key: newKey() } });
    expect(lots.body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'lots' });
    expect(await balance(c.t, alice, 'USDT', 'lever')).toMatchObject({ available: '1000', frozen: '0' });
  });

  it('needs an idempotency key and a session; texts follow the language', async () => {
    const noKey = await c.t.api('/api/lever/submit', { token: alice.token, data: base });
    expect(noKey.body).toMatchObject({ code: 'VALID.REQUIRED', field: 'idempotency_key' });
    const anonymous = await c.t.api('/api/lever/submit', { data: { ...base, idempotency_key: newKey() } });
    expect(anonymous.body.type).toBe(999);
    const zh = await attempt(alice, { ...base, multiple: 7 }, 'zh');
    expect(zh.body).toMatchObject({ code: 'CONTRACT.MULTIPLE_INVALID', message: '请选择可用的倍数' });
  });

  it('ignores fields the form does not name (user_id, open_price, margin, state, fee)', async () => {
    const { position } = await c.t.ok<FuturesSubmitResult>('/api/lever/submit', {
      token: alice.token,
      data: { ...base, idempotency_key: newKey(), user_id: bob.uid, open_price: '1', margin: '0.01', state: 'closed', handling_fee: '0', account: 'stock' },
    });
    expect(position).toMatchObject({ state: 'open', open_price: '60000', margin: '60', handling_fee: '0.3', account: 'lever' });
    expect((await c.t.ok<FuturesDealAll>('/api/lever/dealall', { token: bob.token })).positions).toEqual([]);
    await c.t.ok('/api/lever/close', { token: alice.token, data: { id: position.id } });
  });

  it('answers a repeated key with the first result and refuses the key with other fields', async () => {
    const key = newKey();
    const first = await c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: alice.token, data: { ...base, idempotency_key: key } });
    const again = await c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: alice.token, data: { ...base, idempotency_key: key } });
    expect(again.position.id).toBe(first.position.id);
    const other = await c.t.api('/api/lever/submit', { token: alice.token, data: { ...base, lots: 11, idempotency_key: key } });
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY.KEY_REUSED' });
    const live = await c.t.ok<FuturesDealAll>('/api/lever/dealall', { token: alice.token });
    expect(live.positions.map((p) => p.id)).toEqual([first.position.id]);
    await c.t.ok('/api/lever/close', { token: alice.token, data: { id: first.position.id } });
  });
});

describe('another user\'s positions are unreachable', () => {
  it('close, cancel and setstop of alice\'s position by bob answer not found and change nothing', async () => {
    const { position } = await c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: alice.token, data: { ...base, idempotency_key: newKey() } });
    for (const [path, extra] of [['/api/lever/close', {}], ['/api/lever/cancel', {}], ['/api/lever/setstop', { target_profit_price: '70000' }]] as const) {
      const answer = await c.t.api(path, { token: bob.token, data: { id: position.id, ...extra } });
      expect(answer.body).toMatchObject({ type: 'error', code: 'COMMON.NOT_FOUND' });
    }
    const mine = await c.t.ok<FuturesDealAll>('/api/lever/dealall', { token: alice.token });
    expect(mine.positions.find((p) => p.id === position.id)).toMatchObject({ state: 'open', target_profit_price: null });
    const bobs = await c.t.api('/api/lever/my_trade', { token: bob.token, data: { status: 'in_progress' } });
    expect(bobs.body).toMatchObject({ type: 'ok', message: { total: 0 } });
  });

  it('refuses bad ids, statuses and paging', async () => {
    expect((await c.t.api('/api/lever/close', { token: alice.token, data: { id: 'x' } })).body).toMatchObject({ code: 'COMMON.PARAM_INVALID' });
    expect((await c.t.api('/api/lever/close', { token: alice.token, data: { id: 99999 } })).body).toMatchObject({ code: 'COMMON.NOT_FOUND' });
    expect((await c.t.api('/api/lever/my_trade', { token: alice.token, data: { status: 'all' } })).body).toMatchObject({ code: 'COMMON.PARAM_INVALID' });
    expect((await c.t.api('/api/lever/batch_close', { token: alice.token, data: { type: 'middle' } })).body).toMatchObject({ code: 'COMMON.PARAM_INVALID' });
    const page = await c.t.api('/api/lever/my_trade', { token: alice.token, data: { status: 'completed', limit: 1000 } });
    expect(page.body).toMatchObject({ type: 'ok', message: { limit: 50 } });
    expect((await c.t.api('/api/lever/deal', { token: alice.token, data: { currency_id: await currencyId(c.t, 'BTC'), legal_id: await currencyId(c.t, 'USDT') } })).body).toMatchObject({ type: 'ok', message: { symbol: 'BTC/USDT' } });
  });
});
