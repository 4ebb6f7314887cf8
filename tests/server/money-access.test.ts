import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountTransfer, BankCard, BillEntry, ChargeRequest, Deposit, RealState, SavedAddress, UserTransfer, Withdrawal } from '../../contract/api/wallet.ts';
import type { Page } from '../../contract/envelope.ts';
import { ADDRESSES, PAY_PASSWORD, balance, currencyId, fund, makeUser, networkId, newKey, type TestUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let btc = 0;
let bitcoin = 0;
let aliceAddress: SavedAddress;
const CARD = { real_name: 'Alice Liddell', bank_name: 'ICBC', card_number: '6222021234567890123', bank_address: 'Beijing branch', province: 'Beijing', city: 'Beijing', phone: '13800138000' };

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  btc = await currencyId(t, 'BTC');
  bitcoin = await networkId(t, 'Bitcoin');
  await fund(t, alice.uid, 'BTC', '1');
  await fund(t, bob.uid, 'BTC', '1');
  aliceAddress = await t.ok<SavedAddress>('/api/user/wallet/save', { token: alice.token, data: { currency_id: btc, network_id: bitcoin, name: 'Cold wallet', address: ADDRESSES.bitcoin } });
  await t.ok('/api/user/cash_save', { token: alice.token, data: CARD });
  await t.ok('/api/wallet/out', { token: alice.token, data: { currency_id: btc, network_id: bitcoin, address_id: aliceAddress.id, amount: '0.1', pay_password: PAY_PASSWORD, idempotency_key: newKey() } });
});
afterAll(async () => {
  await t?.close();
});

describe("user B and user A's records", () => {
  it("B cannot use or delete A's saved address by id", async () => {
    const use = await t.api('/api/wallet/out', { token: bob.token, data: { currency_id: btc, network_id: bitcoin, address_id: aliceAddress.id, amount: '0.1', pay_password: PAY_PASSWORD, idempotency_key: newKey() } });
    expect(use.body).toMatchObject({ type: 'error', code: 'COMMON.NOT_FOUND', field: 'address_id' });
    for (const path of ['/api/user/wallet/del', '/api/user/wallet/delete']) {
      const del = await t.api(path, { token: bob.token, data: { id: aliceAddress.id } });
      expect(del.body).toMatchObject({ type: 'error', code: 'COMMON.NOT_FOUND' });
    }
    const bobs = await t.ok<Page<SavedAddress>>('/api/user/wallet/list', { method: 'GET', token: bob.token });
    expect(bobs.total).toBe(0);
    const alices = await t.ok<Page<SavedAddress>>('/api/user/wallet/list', { method: 'GET', token: alice.token });
    expect(alices.data.map((a) => a.id)).toEqual([aliceAddress.id]);
  });

  it("B sees none of A's withdrawals, deposits, bills, transfers or cards", async () => {
    expect((await t.ok<Page<Withdrawal>>('/api/user/withdraw/list', { method: 'GET', token: bob.token, data: { user_id: alice.uid } })).total).toBe(0);
    expect((await t.ok<Page<Withdrawal>>('/api/user/withdraw/list', { method: 'GET', token: alice.token })).total).toBe(1);
    const deposits = await t.ok<Page<Deposit>>('/api/recharge/log', { method: 'GET', token: bob.token, data: { user_id: alice.uid } });
    expect(deposits.total).toBe(1);
    const bills = await t.ok<Page<BillEntry>>('/api/wallet/legal_log', { token: bob.token, data: { user_id: alice.uid, uid: alice.uid } });
    expect(bills.data.every((b) => b.kind === 'deposit')).toBe(true);
    expect(bills.total).toBe(1);
    expect(await t.ok<BankCard | null>('/api/user/cash_info', { token: bob.token, data: { user_id: alice.uid } })).toBeNull();
    expect((await t.ok<Page<UserTransfer>>('/api/user/getTransferList', { token: bob.token })).total).toBe(0);
    expect((await t.ok<Page<AccountTransfer>>('/api/wallet/hzhistory', { method: 'GET', token: bob.token })).total).toBe(0);
    expect((await balance(t, bob, 'BTC')).frozen).toBe('0');
  });

  it('nothing is readable without a session', async () => {
    for (const path of ['/api/wallet/list', '/api/user/withdraw/list', '/api/user/wallet/list', '/api/user/cash_info', '/api/real/state']) {
      const answer = await t.api(path, { method: 'GET' });
      expect(answer.body, path).toMatchObject({ type: 999, code: 'AUTH.LOGIN_REQUIRED' });
    }
  });
});

describe('mass assignment', () => {
  const extras = (victim: TestUser) => ({ user_id: victim.uid, uid: victim.uid, status: 'sent', state: 'approved', fee: '0', fee_minor: '0', balance: '1000', available: '1000', level: '2', real_state: '2' });

  it('extra fields on a withdrawal change nothing about whose it is, its fee or its state', async () => {
    const w = await t.ok<Withdrawal>('/api/wallet/out', {
      token: bob.token,
      data: { ...extras(alice), currency_id: btc, network_id: bitcoin, address: ADDRESSES.bitcoin, amount: '0.2', pay_password: PAY_PASSWORD, idempotency_key: newKey() },
    });
    expect(w).toMatchObject({ amount: '0.2', fee: '0.0005', state: 'pending' });
    const row = await t.server.db.selectFrom('withdrawals').selectAll().where('id', '=', w.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(bob.uid);
    expect(await balance(t, bob, 'BTC')).toMatchObject({ available: '0.7995', frozen: '0.2005' });
    expect(await balance(t, alice, 'BTC')).toMatchObject({ available: '0.8995', frozen: '0.1005' });
  });

  it('extra fields on transfers, changes, top-ups, addresses and verification are ignored', async () => {
    const sent = await t.ok<UserTransfer>('/api/user/Transfer', {
      token: bob.token, data: { ...extras(alice), currency_id: btc, account: String(alice.uid), amount: '0.1', pay_password: PAY_PASSWORD, idempotency_key: newKey() },
    });
    expect(sent).toMatchObject({ fee: '0.0001', counterparty_uid: alice.uid });
    await t.ok('/api/wallet/change', { token: bob.token, data: { ...extras(alice), currency_id: btc, number: '0.05', from_field: 'change', to_field: 'lever', idempotency_key: newKey() } });
    expect((await balance(t, bob, 'BTC', 'lever')).available).toBe('0.05');
    expect((await balance(t, alice, 'BTC', 'lever')).available).toBe('0');

    const charge = await t.ok<ChargeRequest>('/api/wallet/charge_req', { token: bob.token, data: { ...extras(alice), currency: 'USDT', amount: '100', idempotency_key: newKey() } });
    expect(charge).toMatchObject({ state: 'pending', account: 'legal' });
    expect((await balance(t, bob, 'USDT', 'legal')).available).toBe('0');

    const saved = await t.ok<SavedAddress>('/api/user/wallet/save', { token: bob.token, data: { ...extras(alice), currency_id: btc, network_id: bitcoin, name: 'Mine', address: ADDRESSES.bitcoin } });
    const owner = await t.server.db.selectFrom('address_book').select('user_id').where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(owner.user_id).toBe(bob.uid);

    const carol = await makeUser(t, 'carol@example.com', { level: 0 });
    const state = await t.ok<RealState>('/api/user/real', { token: carol.token, data: { ...extras(alice), real_type: 1, id_type: 'passport', name: 'Carol King', card_id: 'E7654321' } });
    expect(state).toMatchObject({ level: 0, real_state: 1, pending_level: 1 });
  });
});
