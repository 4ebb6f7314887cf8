import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargeRequest, WithdrawInfo } from '../../contract/api/wallet.ts';
import { ADDRESSES, PAY_PASSWORD, balance, currencyId, fund, makeUser, networkId, newKey, type TestUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { walletOf } from '../../server/modules/wallet/module.ts';

let t: TestServer;
let whale: TestUser;
let btc = 0;
let bitcoin = 0;
beforeAll(async () => {
  t = await startTestServer();
  whale = await makeUser(t, 'whale@example.com', { level: 1 });
  btc = await currencyId(t, 'BTC');
  bitcoin = await networkId(t, 'Bitcoin');
  await fund(t, whale.uid, 'BTC', '300');
  await fund(t, whale.uid, 'ETH', '1000');
});
afterAll(async () => {
  await t?.close();
});

const withdraw = (user: TestUser, currency_id: number, network_id: number, address: string, amount: string) =>
  t.api('/api/wallet/out', { token: user.token, data: { currency_id, network_id, address, amount, pay_password: PAY_PASSWORD, idempotency_key: newKey() } });

describe('the 24 h withdrawal limit of the verification level', () => {
  it('counts every coin in BTC at reference prices, and frees up after 24 h', async () => {
    expect((await withdraw(whale, btc, bitcoin, ADDRESSES.bitcoin, '200.0001')).body).toMatchObject({ type: 'error', code: 'WALLET.WITHDRAW_LIMIT' });
    expect((await withdraw(whale, btc, bitcoin, ADDRESSES.bitcoin, '150')).body.type).toBe('ok');
    const info = await t.ok<WithdrawInfo>('/api/wallet/get_info', { token: whale.token, data: { currency_id: btc } });
    expect(info.limit_left_btc).toBe('50');
    // 1000 ETH at 3000 USDT is 50 BTC at 60000: exactly what is left; one more unit is over.
    const eth = await currencyId(t, 'ETH');
    const ethereum = await networkId(t, 'Ethereum');
    expect((await withdraw(whale, eth, ethereum, ADDRESSES.evm, '999.995')).body.type).toBe('ok');
    expect((await withdraw(whale, btc, bitcoin, ADDRESSES.bitcoin, '0.001')).body).toMatchObject({ code: 'WALLET.WITHDRAW_LIMIT' });
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await withdraw(whale, btc, bitcoin, ADDRESSES.bitcoin, '100')).body.type).toBe('ok');
  });

  it('does not count rejected withdrawals', async () => {
    const user = await makeUser(t, 'rejected@example.com', { level: 1 });
    await fund(t, user.uid, 'BTC', '250');
    const first = await withdraw(user, btc, bitcoin, ADDRESSES.bitcoin, '200');
    if (first.body.type !== 'ok') throw new Error(JSON.stringify(first.body));
    expect((await withdraw(user, btc, bitcoin, ADDRESSES.bitcoin, '1')).body).toMatchObject({ code: 'WALLET.WITHDRAW_LIMIT' });
    await walletOf(t.server.modules).withdrawals.reject((first.body.message as { id: number }).id, 'test');
    expect((await withdraw(user, btc, bitcoin, ADDRESSES.bitcoin, '1')).body.type).toBe('ok');
  });
});

describe('the single fiat trade limit', () => {
  it('needs verification (998), then caps a top-up at the level limit', async () => {
    const newcomer = await makeUser(t, 'new@example.com', { level: 0 });
    const unverified = await t.api('/api/wallet/charge_req', { token: newcomer.token, data: { currency: 'USDT', amount: '10', idempotency_key: newKey() } });
    expect(unverified.body).toMatchObject({ type: 998, code: 'AUTH.VERIFY_REQUIRED' });
    const over = await t.api('/api/wallet/charge_req', { token: whale.token, data: { currency: 'USDT', amount: '2000.000001', idempotency_key: newKey() } });
    expect(over.body).toMatchObject({ type: 'error', code: 'WALLET.FIAT_LIMIT' });
    const charge = await t.ok<ChargeRequest>('/api/wallet/charge_req', { token: whale.token, data: { currency: 'USDT', amount: '2000', type: 'international', idempotency_key: newKey() } });
    expect(charge).toMatchObject({ currency: 'USDT', amount: '2000', account: 'legal', pay_type: 'international', state: 'pending' });
    expect((await balance(t, whale, 'USDT', 'legal')).available).toBe('0');
    expect(await walletOf(t.server.modules).charges.credit(charge.id, 'test')).toMatchObject({ ok: true });
    expect((await balance(t, whale, 'USDT', 'legal')).available).toBe('2000');
    expect(await walletOf(t.server.modules).charges.credit(charge.id, 'test')).toMatchObject({ ok: false, code: 'WALLET.NOT_CHANGEABLE' });
  });

  it('applies to exchanges in the fiat account, not the coin account', async () => {
    await t.ok('/api/wallet/change', { token: whale.token, data: { currency_id: btc, number: '1', from_field: 'change', to_field: 'legal', idempotency_key: newKey() } });
    const over = await t.api('/api/wallet/exchange', { token: whale.token, data: { from_currency: 'BTC', to_currency: 'USDT', amount: '0.04', account: 'legal', idempotency_key: newKey() } });
    expect(over.body).toMatchObject({ code: 'WALLET.FIAT_LIMIT' });
    await t.ok('/api/wallet/exchange', { token: whale.token, data: { from_currency: 'BTC', to_currency: 'USDT', amount: '0.03', account: '1', idempotency_key: newKey() } });
    await t.ok('/api/wallet/exchange', { token: whale.token, data: { from_currency: 'BTC', to_currency: 'USDT', amount: '0.04', idempotency_key: newKey() } });
    expect((await balance(t, whale, 'USDT', 'legal')).available).toBe('3796.4');
  });
});
