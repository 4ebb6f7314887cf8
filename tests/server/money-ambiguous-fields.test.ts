import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserTransfer } from '../../contract/api/wallet.ts';
import { ADDRESSES, PAY_PASSWORD, currencyId, fund, makeUser, networkId, newKey, type TestUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let btc = 0;
let bitcoin = 0;
beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  carol = await makeUser(t, 'carol@example.com');
  btc = await currencyId(t, 'BTC');
  bitcoin = await networkId(t, 'Bitcoin');
  await fund(t, alice.uid, 'BTC', '2');
});
afterAll(async () => {
  await t?.close();
});

const moved = async () => ({
  transfers: (await t.server.db.selectFrom('user_transfers').select('id').execute()).length,
  withdrawals: (await t.server.db.selectFrom('withdrawals').select('id').execute()).length,
});

async function rawPost(path: string, token: string, body: string) {
  const response = await fetch(t.url + path, { method: 'POST', headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'fr' }, body });
  return (await response.json()) as { type: unknown; code?: string; message: string; field?: string };
}

describe('where the money goes is never picked from conflicting fields', () => {
  it('/user/Transfer refuses two different receivers (two names, or one name twice) and moves nothing', async () => {
    const before = await moved();
    const base = { currency_id: btc, amount: '0.01', pay_password: PAY_PASSWORD };
    const both = await t.api('/api/user/Transfer', { token: alice.token, lang: 'fra', data: { ...base, account: String(bob.uid), uid: String(carol.uid), idempotency_key: newKey() } });
    expect(both.body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', message: 'Paramètre incorrect' });
    const byEmail = await t.api('/api/user/Transfer', { token: alice.token, data: { ...base, uid: String(bob.uid), email: carol.email, idempotency_key: newKey() } });
    expect(byEmail.body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID' });
    const twice = await rawPost('/api/user/Transfer', alice.token, `currency_id=${btc}&amount=0.01&pay_password=${PAY_PASSWORD}&account=${bob.uid}&account=${carol.uid}&idempotency_key=${newKey()}`);
    expect(twice).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'account' });
    expect(await moved()).toEqual(before);
    // One receiver, by any one of the names or by two that agree, still works.
    const sent = await t.ok<UserTransfer>('/api/user/Transfer', { token: alice.token, data: { ...base, uid: String(bob.uid), idempotency_key: newKey() } });
    expect(sent.counterparty_uid).toBe(bob.uid);
    const agreed = await t.ok<UserTransfer>('/api/user/Transfer', { token: alice.token, data: { ...base, account: String(carol.uid), uid: String(carol.uid), idempotency_key: newKey() } });
    expect(agreed.counterparty_uid).toBe(carol.uid);
  });

  it('/wallet/out refuses an address said twice and freezes nothing', async () => {
    const before = await moved();
    const other = ADDRESSES.bitcoin.slice(0, -1) + (ADDRESSES.bitcoin.endsWith('a') ? 'b' : 'a');
    const twice = await rawPost('/api/wallet/out', alice.token,
      `currency_id=${btc}&network_id=${bitcoin}&amount=0.1&pay_password=${PAY_PASSWORD}&address=${ADDRESSES.bitcoin}&address=${other}&idempotency_key=${newKey()}`);
    expect(twice).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'address' });
    const array = await t.api('/api/wallet/out', {
      token: alice.token, json: { currency_id: btc, network_id: bitcoin, amount: '0.1', pay_password: PAY_PASSWORD, address: [ADDRESSES.bitcoin], idempotency_key: newKey() },
    });
    expect(array.body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'address' });
    expect(await moved()).toEqual(before);
  });
});

describe('which currency moves is never picked from conflicting fields', () => {
  it('/wallet/exchange and /wallet/charge_req refuse an id and a symbol that name different currencies', async () => {
    const exchanges = async () => (await t.server.db.selectFrom('exchanges').select('id').execute()).length;
    const charges = async () => (await t.server.db.selectFrom('charge_requests').select('id').execute()).length;
    const before = { exchanges: await exchanges(), charges: await charges() };
    const usdt = await currencyId(t, 'USDT');
    const swapped = await t.api('/api/wallet/exchange', {
      token: alice.token, data: { from_currency_id: btc, from_currency: 'USDT', to_currency: 'ETH', amount: '0.01', idempotency_key: newKey() },
    });
    expect(swapped.body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'from_currency' });
    const topUp = await t.api('/api/wallet/charge_req', { token: alice.token, data: { currency_id: usdt, currency: 'BTC', amount: '10', idempotency_key: newKey() } });
    expect(topUp.body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'currency' });
    expect({ exchanges: await exchanges(), charges: await charges() }).toEqual(before);
    // Both naming the same currency (any case) is fine.
    await t.ok('/api/wallet/exchange_quote', { token: alice.token, data: { from_currency_id: btc, from_currency: 'btc', to_currency: 'USDT', amount: '0.01' } });
  });
});
