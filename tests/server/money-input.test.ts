import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserTransfer, Withdrawal } from '../../contract/api/wallet.ts';
import { ADDRESSES, PAY_PASSWORD, balance, currencyId, fund, makeUser, networkId, newKey, type TestUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { IDEMPOTENCY_KEY_RETENTION_MS } from '../../server/domain/idempotency-rules.ts';
import { pruneExpired } from '../../server/services/housekeeping.ts';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let btc = 0;
let bitcoin = 0;
beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  btc = await currencyId(t, 'BTC');
  bitcoin = await networkId(t, 'Bitcoin');
  await fund(t, alice.uid, 'BTC', '2');
});
afterAll(async () => {
  await t?.close();
});

/** Everything money-related, so "changes nothing" is checked against all of it. */
async function snapshot() {
  const db = t.server.db;
  const count = async (table: 'ledger_journals' | 'withdrawals' | 'user_transfers' | 'account_transfers' | 'exchanges' | 'charge_requests') =>
    (await db.selectFrom(table).select('id').execute()).length;
  return {
    journals: await count('ledger_journals'),
    withdrawals: await count('withdrawals'),
    transfers: await count('user_transfers'),
    changes: await count('account_transfers'),
    exchanges: await count('exchanges'),
    charges: await count('charge_requests'),
    balances: await db.selectFrom('ledger_accounts').select(['id', 'available_minor', 'frozen_minor']).orderBy('id').execute(),
  };
}

async function rawPost(path: string, token: string, body: string) {
  const response = await fetch(t.url + path, { method: 'POST', headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' }, body });
  return (await response.json()) as { type: unknown; code?: string; message: string; field?: string };
}

const BAD_AMOUNTS = ['-1', '0', '0.00', 'NaN', 'Infinity', '-Infinity', '1e309', '1e-3', '1E2', '0x10', '+1', '.5', '5.', '1,5', '0.5 BTC'];

describe('bad amounts', () => {
  const writes = () => [
    ['/api/wallet/out', { currency_id: btc, network_id: bitcoin, address: ADDRESSES.bitcoin, pay_password: PAY_PASSWORD }, 'amount'],
    ['/api/wallet/change', { currency_id: btc, from_field: 'change', to_field: 'lever' }, 'number'],
    ['/api/user/Transfer', { currency_id: btc, account: String(bob.uid), pay_password: PAY_PASSWORD }, 'amount'],
    ['/api/wallet/exchange', { from_currency: 'BTC', to_currency: 'USDT' }, 'amount'],
    ['/api/wallet/charge_req', { currency: 'USDT', type: 'bank' }, 'amount'],
    ['/api/user/getTransferFee', { currency_id: btc }, 'amount'],
  ] as const;

  it('get a clear localised error and change nothing', async () => {
    const before = await snapshot();
    for (const [path, fields, amountField] of writes()) {
      for (const bad of BAD_AMOUNTS) {
        const answer = await t.api(path, { token: alice.token, lang: 'fra', data: { ...fields, [amountField]: bad, idempotency_key: newKey() } });
        expect(answer.status).toBe(200);
        expect(answer.body, `${path} ${bad}`).toMatchObject({ type: 'error', code: 'VALID.AMOUNT', field: amountField, message: 'Veuillez saisir un montant correct' });
      }
      const places = await t.api(path, { token: alice.token, lang: 'zh', data: { ...fields, [amountField]: '0.123456789', idempotency_key: newKey() } });
      expect(places.body).toMatchObject({ type: 'error', code: 'WALLET.AMOUNT_DECIMALS', message: '小数位数超过该币种允许的位数' });
      const missing = await t.api(path, { token: alice.token, data: { ...fields, idempotency_key: newKey() } });
      expect(missing.body).toMatchObject({ type: 'error', code: 'VALID.REQUIRED' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuse a repeated amount or id field, both amount names at once, and JSON numbers, booleans and arrays', async () => {
    const before = await snapshot();
    const repeated = await rawPost('/api/wallet/change', alice.token, `currency_id=${btc}&from_field=change&to_field=lever&number=0.1&number=1&idempotency_key=${newKey()}`);
    // A field sent twice is refused before the handler reads it, whichever field it is.
    expect(repeated).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'number', message: 'Parameter error' });
    const both = await rawPost('/api/wallet/out', alice.token, `currency_id=${btc}&network_id=${bitcoin}&address=${ADDRESSES.bitcoin}&amount=0.1&number=0.1&pay_password=${PAY_PASSWORD}&idempotency_key=${newKey()}`);
    expect(both).toMatchObject({ type: 'error', code: 'VALID.AMOUNT' });
    const json = await t.api('/api/wallet/change', { token: alice.token, json: { currency_id: btc, from_field: 'change', to_field: 'lever', number: 0.1, idempotency_key: newKey() } });
    expect(json.body).toMatchObject({ type: 'error', code: 'VALID.AMOUNT', field: 'number' });
    const infinite = await t.api('/api/wallet/change', { token: alice.token, json: { currency_id: btc, from_field: 'change', to_field: 'lever', number: '1e309', idempotency_key: newKey() } });
    expect(infinite.body).toMatchObject({ type: 'error', code: 'VALID.AMOUNT' });
    // A JSON boolean or a one-element array is not an amount (true once moved 1 BTC, ["0.5"] 0.5).
    for (const number of [true, ['0.5'], [], { value: '0.5' }]) {
      const odd = await t.api('/api/wallet/change', { token: alice.token, json: { currency_id: btc, from_field: 'change', to_field: 'lever', number, idempotency_key: newKey() } });
      expect(odd.body, JSON.stringify(number)).toMatchObject({ type: 'error' });
    }
    // Nor an id: the currency said as true, as ["1"], or twice.
    for (const currency_id of [true, [String(btc)], [btc, btc]]) {
      const odd = await t.api('/api/wallet/change', { token: alice.token, json: { currency_id, from_field: 'change', to_field: 'lever', number: '0.1', idempotency_key: newKey() } });
      expect(odd.body, JSON.stringify(currency_id)).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'currency_id' });
    }
    const twice = await rawPost('/api/wallet/change', alice.token, `currency_id=${btc}&currency_id=1&from_field=change&to_field=lever&number=0.1&idempotency_key=${newKey()}`);
    expect(twice).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'currency_id' });
    expect(await snapshot()).toEqual(before);
    // The same request with the amount once, as text, works.
    await t.ok('/api/wallet/change', { token: alice.token, json: { currency_id: btc, from_field: 'change', to_field: 'lever', number: '0.1', idempotency_key: newKey() } });
  });
});

describe('idempotency keys', () => {
  it('the same key twice moves money once and answers the first result', async () => {
    const key = newKey();
    const data = { currency_id: btc, network_id: bitcoin, address: ADDRESSES.bitcoin, amount: '0.1', pay_password: PAY_PASSWORD, idempotency_key: key };
    const first = await t.ok<Withdrawal>('/api/wallet/out', { token: alice.token, data });
    const before = await snapshot();
    const second = await t.ok<Withdrawal>('/api/wallet/out', { token: alice.token, data });
    expect(second).toEqual(first);
    expect(await snapshot()).toEqual(before);
    expect((await balance(t, alice, 'BTC')).frozen).toBe('0.1005');
  });

  it('holds under concurrent repeats, and via the Idempotency-Key header', async () => {
    const key = newKey();
    const send = () => t.api<UserTransfer>('/api/user/Transfer', {
      token: alice.token, headers: { 'idempotency-key': key }, data: { currency_id: btc, account: String(bob.uid), amount: '0.01', pay_password: PAY_PASSWORD },
    });
    const answers = await Promise.all([send(), send(), send(), send(), send()]);
    const ids = new Set(answers.map((a) => (a.body.type === 'ok' ? a.body.message.id : a.body.code)));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(Number));
    expect((await balance(t, bob, 'BTC')).available).toBe('0.00999');
  });

  it('refuses the same key with different fields, and remembers a refusal as the first result', async () => {
    const key = newKey();
    const base = { currency_id: btc, from_field: 'change', to_field: 'lever', idempotency_key: key };
    await t.ok('/api/wallet/change', { token: alice.token, data: { ...base, number: '0.2' } });
    const other = await t.api('/api/wallet/change', { token: alice.token, data: { ...base, number: '0.3' } });
    expect(other.body).toMatchObject({ type: 'error', code: 'IDEMPOTENCY.KEY_REUSED' });
    // The same key on another endpoint is another action.
    await t.ok('/api/wallet/change', { token: bob.token, data: { currency_id: btc, from_field: 'change', to_field: 'lever', number: '0.001', idempotency_key: key } });

    const refusedKey = newKey();
    const tooMuch = { currency_id: btc, from_field: 'lever', to_field: 'legal', number: '5', idempotency_key: refusedKey };
    expect((await t.api('/api/wallet/change', { token: alice.token, data: tooMuch })).body).toMatchObject({ code: 'WALLET.INSUFFICIENT_BALANCE' });
    await fund(t, alice.uid, 'BTC', '10');
    await t.ok('/api/wallet/change', { token: alice.token, data: { currency_id: btc, from_field: 'change', to_field: 'lever', number: '6', idempotency_key: newKey() } });
    expect((await t.api('/api/wallet/change', { token: alice.token, data: tooMuch })).body).toMatchObject({ code: 'WALLET.INSUFFICIENT_BALANCE' });
  });

  it('are forgotten by housekeeping after their week, and kept until then', async () => {
    const keyOf = async (key: string) => (await t.server.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).length;
    const old = newKey();
    await t.ok('/api/wallet/change', { token: alice.token, data: { currency_id: btc, from_field: 'change', to_field: 'lever', number: '0.01', idempotency_key: old } });
    t.clock.advance(IDEMPOTENCY_KEY_RETENTION_MS - 60_000);
    const recent = newKey();
    await t.ok('/api/wallet/change', { token: alice.token, data: { currency_id: btc, from_field: 'change', to_field: 'lever', number: '0.01', idempotency_key: recent } });
    const housekeeping = () => pruneExpired({ db: t.server.db, dialect: t.server.dialect, clock: t.clock, log: { info: () => undefined, warn: () => undefined } }, t.server.services.uploads);
    await housekeeping();
    expect([await keyOf(old), await keyOf(recent)]).toEqual([1, 1]);
    t.clock.advance(120_000);
    await housekeeping();
    expect([await keyOf(old), await keyOf(recent)]).toEqual([0, 1]);
  });

  it('is required on writes that move money', async () => {
    const answer = await t.api('/api/wallet/change', { token: alice.token, data: { currency_id: btc, from_field: 'change', to_field: 'lever', number: '0.1' } });
    expect(answer.body).toMatchObject({ type: 'error', code: 'VALID.REQUIRED', field: 'idempotency_key' });
    const bad = await t.api('/api/wallet/change', { token: alice.token, data: { currency_id: btc, from_field: 'change', to_field: 'lever', number: '0.1', idempotency_key: 'bad key!' } });
    expect(bad.body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'idempotency_key' });
  });
});
