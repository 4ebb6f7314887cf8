import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountTransfer, BillEntry, Deposit, DepositAddress, ExchangeQuote, TransferFee, UserTransfer, WalletOverview, Withdrawal, WithdrawInfo,
} from '../../contract/api/wallet.ts';
import type { Page } from '../../contract/envelope.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { ADDRESSES, PAY_PASSWORD, balance, currencyId, makeUser, networkId, newKey, type TestUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { walletOf } from '../../server/modules/wallet/module.ts';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let btc = 0;
let usdt = 0;
beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  btc = await currencyId(t, 'BTC');
  usdt = await currencyId(t, 'USDT');
});
afterAll(async () => {
  await t?.close();
});

describe('deposits on the simulated chain', () => {
  it('gives each user a stable address in the network format, unique per user', async () => {
    const trc20 = await networkId(t, 'TRC20');
    const first = await t.ok<DepositAddress>('/api/wallet/get_in_address', { token: alice.token, data: { currency_id: usdt, network_id: trc20 } });
    expect(first.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(first).toMatchObject({ currency: 'USDT', network: 'TRC20', confirmations: 20 });
    const again = await t.ok<DepositAddress>('/api/wallet/get_in_address', { token: alice.token, data: { currency_id: usdt, network_id: trc20 } });
    expect(again.address).toBe(first.address);
    const bobs = await t.ok<DepositAddress>('/api/wallet/get_in_address', { token: bob.token, data: { currency_id: usdt, network_id: trc20 } });
    expect(bobs.address).not.toBe(first.address);
    const erc20 = await t.ok<DepositAddress>('/api/wallet/get_in_address', { token: alice.token, data: { currency_id: usdt, network_id: await networkId(t, 'ERC20') } });
    expect(erc20.address).toMatch(/^0x[0-9a-f]{40}$/);
    const wrong = await t.api('/api/wallet/get_in_address', { token: alice.token, data: { currency_id: btc, network_id: trc20 } });
    expect(wrong.body).toMatchObject({ type: 'error', code: 'WALLET.NETWORK_UNAVAILABLE' });
  });

  it('credits a deposit only after its confirmations, one per block', async () => {
    const bitcoin = (await t.server.services.currencies.networksOf(btc))[0];
    if (!bitcoin) throw new Error('no Bitcoin network');
    const sent = await walletOf(t.server.modules).chain.send(alice.uid, bitcoin, 150_000_000n);
    if (!sent.ok) throw new Error(sent.code);
    let log = await t.ok<Page<Deposit>>('/api/recharge/log', { method: 'GET', token: alice.token });
    expect(log.data[0]).toMatchObject({ amount: '1.5', currency: 'BTC', state: 'confirming', confirmations: 0, required_confirmations: 2 });
    expect((await balance(t, alice, 'BTC')).available).toBe('0');

    t.clock.advance(walletOf(t.server.modules).chain.blockMs);
    await walletOf(t.server.modules).chain.tick();
    log = await t.ok<Page<Deposit>>('/api/recharge/log', { method: 'GET', token: alice.token });
    expect(log.data[0]).toMatchObject({ state: 'confirming', confirmations: 1 });
    expect((await balance(t, alice, 'BTC')).available).toBe('0');

    t.clock.advance(walletOf(t.server.modules).chain.blockMs);
    await walletOf(t.server.modules).chain.tick();
    log = await t.ok<Page<Deposit>>('/api/recharge/log', { method: 'GET', token: alice.token });
    expect(log.data[0]).toMatchObject({ state: 'credited', confirmations: 2 });
    expect(await balance(t, alice, 'BTC')).toMatchObject({ available: '1.5', frozen: '0', converted: '90000' });
  });
});

describe('the wallet overview', () => {
  it('lists every fund account with USDT totals at reference prices', async () => {
    const overview = await t.ok<WalletOverview>('/api/wallet/list', { token: alice.token });
    expect(overview.accounts.map((a) => a.account)).toEqual(['legal', 'change', 'lever', 'micro', 'stock', 'margin', 'mining', 'financial', 'deposit']);
    expect(overview.accounts.map((a) => a.type_id)).toEqual([1, 2, 3, 4, 0, 0, 0, 0, 0]);
    const change = overview.accounts[1];
    expect(change?.total_converted).toBe('90000');
    expect(change?.balances.find((b) => b.currency === 'BTC')).toMatchObject({ available: '1.5', frozen: '0', converted: '90000' });
    expect(overview.total_converted).toBe('90000');
  });
});

describe('withdrawals', () => {
  let info: WithdrawInfo;
  it('shows what the withdraw screen needs', async () => {
    info = await t.ok<WithdrawInfo>('/api/wallet/get_info', { token: alice.token, data: { currency_id: btc } });
    expect(info).toMatchObject({ currency: 'BTC', decimals: 8, available: '1.5', limit_left_btc: '200', has_pay_password: true });
    expect(info.networks[0]).toMatchObject({ name: 'Bitcoin', fee: '0.0005', min: '0.001' });
  });

  it('freezes amount + fee, then an operator rejection restores the balance', async () => {
    const network = info.networks[0]?.id ?? 0;
    const w = await t.ok<Withdrawal>('/api/wallet/out', {
      token: alice.token,
      data: { currency_id: btc, network_id: network, address: ADDRESSES.bitcoin, amount: '0.5', pay_password: PAY_PASSWORD, idempotency_key: newKey() },
    });
    expect(w).toMatchObject({ amount: '0.5', fee: '0.0005', state: 'pending', currency: 'BTC', network: 'Bitcoin' });
    expect(await balance(t, alice, 'BTC')).toMatchObject({ available: '0.9995', frozen: '0.5005' });
    const rejected = await walletOf(t.server.modules).withdrawals.reject(w.id, 'test');
    expect(rejected.ok).toBe(true);
    expect(await balance(t, alice, 'BTC')).toMatchObject({ available: '1.5', frozen: '0' });
    const again = await walletOf(t.server.modules).withdrawals.reject(w.id, 'test');
    expect(again).toMatchObject({ ok: false, code: 'WALLET.NOT_CHANGEABLE' });
  });

  it('approved withdrawals are sent with a transaction hash; the fee goes to the fee account', async () => {
    const network = info.networks[0]?.id ?? 0;
    const w = await t.ok<Withdrawal>('/api/wallet/out', {
      token: alice.token,
      data: { currency_id: btc, network_id: network, address: ADDRESSES.bitcoin, amount: '0.25', pay_password: PAY_PASSWORD, idempotency_key: newKey() },
    });
    const sent = await walletOf(t.server.modules).withdrawals.approve(w.id, 'test');
    if (!sent.ok) throw new Error(sent.code);
    expect(sent.value.state).toBe('sent');
    const list = await t.ok<Page<Withdrawal>>('/api/user/withdraw/list', { method: 'GET', token: alice.token });
    expect(list.data[0]).toMatchObject({ id: w.id, state: 'sent' });
    expect(list.data[0]?.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await balance(t, alice, 'BTC')).toMatchObject({ available: '1.2495', frozen: '0' });
    const fees = await t.server.services.ledgerReader.balance(0, 'fees', btc);
    expect(fees.available).toBe(50_000n);
  });

  it('refuses bad addresses, small amounts, wrong payment passwords and unverified users', async () => {
    const network = info.networks[0]?.id ?? 0;
    const base = { currency_id: btc, network_id: network, address: ADDRESSES.bitcoin, amount: '0.01', pay_password: PAY_PASSWORD };
    const cases = [
      [{ address: ADDRESSES.evm }, 'WALLET.ADDRESS_INVALID'],
      [{ amount: '0.0009' }, 'WALLET.BELOW_MIN_WITHDRAW'],
      [{ amount: '5' }, 'WALLET.INSUFFICIENT_BALANCE'],
      [{ pay_password: 'nope-nope' }, 'WALLET.PAY_PASSWORD_WRONG'],
    ] as const;
    for (const [change, code] of cases) {
      const answer = await t.api('/api/wallet/out', { token: alice.token, data: { ...base, ...change, idempotency_key: newKey() } });
      expect(answer.body).toMatchObject({ type: 'error', code });
    }
    const carol = await makeUser(t, 'carol@example.com', { level: 0 });
    const unverified = await t.api('/api/wallet/out', { token: carol.token, data: { ...base, idempotency_key: newKey() } });
    expect(unverified.body).toMatchObject({ type: 998, code: 'AUTH.VERIFY_REQUIRED' });
    expect(await balance(t, alice, 'BTC')).toMatchObject({ available: '1.2495', frozen: '0' });
  });
});

describe('transfers and exchange', () => {
  it('moves between own accounts and lists the history', async () => {
    const moved = await t.ok<AccountTransfer>('/api/wallet/change', {
      token: alice.token, data: { currency_id: btc, number: '0.2', from_field: '2', to_field: 'lever', idempotency_key: newKey() },
    });
    expect(moved).toMatchObject({ amount: '0.2', from_account: 'change', to_account: 'lever' });
    expect((await balance(t, alice, 'BTC', 'lever')).available).toBe('0.2');
    const same = await t.api('/api/wallet/change', { token: alice.token, data: { currency_id: btc, number: '0.1', from_field: '2', to_field: 'change', idempotency_key: newKey() } });
    expect(same.body).toMatchObject({ code: 'WALLET.SAME_ACCOUNT' });
    const history = await t.ok<Page<AccountTransfer>>('/api/wallet/hzhistory', { method: 'GET', token: alice.token });
    expect(history.total).toBe(1);
  });

  it('sends to another user by email or uid with the fee shown first', async () => {
    const fee = await t.ok<TransferFee>('/api/user/getTransferFee', { token: alice.token, data: { currency_id: btc, amount: '0.1' } });
    expect(fee).toEqual({ fee: '0.0001', receive: '0.0999' });
    const sent = await t.ok<UserTransfer>('/api/user/Transfer', {
      token: alice.token, data: { currency_id: btc, amount: '0.1', account: 'Bob@Example.com', pay_password: PAY_PASSWORD, idempotency_key: newKey() },
    });
    expect(sent).toMatchObject({ amount: '0.1', fee: '0.0001', direction: 'out', counterparty_uid: bob.uid });
    await t.ok('/api/user/Transfer', { token: alice.token, data: { currency_id: btc, amount: '0.1', account: String(bob.uid), pay_password: PAY_PASSWORD, idempotency_key: newKey() } });
    expect((await balance(t, bob, 'BTC')).available).toBe('0.1998');
    const bobs = await t.ok<Page<UserTransfer>>('/api/user/getTransferList', { token: bob.token });
    expect(bobs.data[0]).toMatchObject({ direction: 'in', amount: '0.0999', counterparty_uid: alice.uid });
    const self = await t.api('/api/user/Transfer', { token: alice.token, data: { currency_id: btc, amount: '0.1', account: String(alice.uid), pay_password: PAY_PASSWORD, idempotency_key: newKey() } });
    expect(self.body).toMatchObject({ code: 'WALLET.SELF_TRANSFER' });
  });

  it('exchanges at the reference price with the fee booked to the fee account', async () => {
    const quote = await t.ok<ExchangeQuote>('/api/wallet/exchange_quote', { token: alice.token, data: { from_currency: 'BTC', to_currency: 'USDT', amount: '0.01' } });
    expect(quote).toEqual({ from_currency: 'BTC', to_currency: 'USDT', amount: '0.01', price: '60000', fee: '1.2', receive: '598.8' });
    const done = await t.ok<ExchangeQuote>('/api/wallet/exchange', { token: alice.token, data: { from_currency_id: btc, to_currency_id: usdt, number: '0.01', idempotency_key: newKey() } });
    expect(done).toEqual(quote);
    expect((await balance(t, alice, 'USDT')).available).toBe('598.8');
    expect((await t.server.services.ledgerReader.balance(0, 'fees', usdt)).available).toBe(1_200_000n);
  });

  it('keeps a bill of every change to available balances', async () => {
    const bills = await t.ok<Page<BillEntry>>('/api/wallet/legal_log', { token: alice.token, data: { currency_id: btc, account: 'change', limit: 50 } });
    expect(bills.data.map((b) => b.kind)).toContain('deposit');
    expect(bills.data.map((b) => b.kind)).toContain('withdraw_refund');
    expect(bills.data[0]).toMatchObject({ kind: 'exchange_out', change: '-0.01', account: 'change', currency: 'BTC' });
    expect(bills.data[0]?.balance_after).toBe((await balance(t, alice, 'BTC')).available);
    expect(await checkLedger(t.server)).toMatchObject({ ok: true, problems: [] });
  });
});
