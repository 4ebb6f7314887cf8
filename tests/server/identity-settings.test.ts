import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../contract/api/account.ts';
import type { BankCard, InternationalBankCard, RealState, SavedAddress, WithdrawInfo } from '../../contract/api/wallet.ts';
import type { Page } from '../../contract/envelope.ts';
import { latestCode, login, PNG_1X1, registerByEmail, upload } from './helpers/flows.ts';
import { ADDRESSES, currencyId, fund, makeUser, networkId, newKey } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let t: TestServer;
let token = '';
let uid = 0;
const email = 'dana@example.com';
const CODE_GAP_MS = 61_000;

beforeAll(async () => {
  t = await startTestServer();
  uid = await registerByEmail(t, email, 'secret-1');
  token = await login(t, email, 'secret-1');
});
afterAll(async () => {
  await t?.close();
});

describe('identity verification', () => {
  it('needs a bound email and phone first', async () => {
    expect(await t.ok<RealState>('/api/real/state', { method: 'GET', token })).toEqual({
      level: 0, real_state: 0, pending_level: 0, name: '', id_type: '', card_id: '', email_bound: true, phone_bound: false,
    });
    const early = await t.api('/api/user/real', { token, data: { real_type: 1, id_type: 'passport', name: 'Dana Scully', card_id: 'E1234567' } });
    expect(early.body).toMatchObject({ type: 'error', code: 'KYC.BINDING_REQUIRED' });
    await t.ok('/api/sms_send', { token, data: { area_code: '86', mobile: '13800138000', scene: 'bind_mobile' } });
    await t.ok('/api/safe/mobile', { token, data: { area_code: '86', mobile: '13800138000', code: await latestCode(t, '+8613800138000') } });
    expect((await t.ok<RealState>('/api/real/state', { method: 'GET', token })).phone_bound).toBe(true);
  });

  it('checks the form, then goes under review until an operator decides', async () => {
    const form = { real_type: 1, id_type: 'id_card', name: 'Dana Scully', card_id: '11010119900101123X' };
    for (const [change, code] of [[{ name: 'D' }, 'VALID.REAL_NAME'], [{ card_id: '12' }, 'VALID.ID_NUMBER'], [{ id_type: 'visa' }, 'COMMON.PARAM_INVALID'], [{ real_type: 3 }, 'COMMON.PARAM_INVALID']] as const) {
      expect((await t.api('/api/user/real', { token, data: { ...form, ...change } })).body).toMatchObject({ type: 'error', code });
    }
    const pending = await t.ok<RealState>('/api/user/real', { token, data: form });
    expect(pending).toMatchObject({ level: 0, real_state: 1, pending_level: 1, name: 'Dana Scully', id_type: 'id_card', card_id: '1101**********123X' });
    expect((await t.api('/api/user/real', { token, data: form })).body).toMatchObject({ code: 'KYC.UNDER_REVIEW' });
    const btc = await currencyId(t, 'BTC');
    const blocked = await t.api('/api/wallet/out', { token, data: { currency_id: btc, network_id: await networkId(t, 'Bitcoin'), address: ADDRESSES.bitcoin, amount: '0.01', pay_password: 'x', idempotency_key: newKey() } });
    expect(blocked.body).toMatchObject({ type: 998, code: 'AUTH.VERIFY_REQUIRED' });

    expect(await t.server.services.identity.decide(uid, false, 'test', 'blurry')).toMatchObject({ ok: true, value: { state: 'rejected' } });
    expect((await t.ok<UserInfo>('/api/user/info', { token })).real_state).toBe(3);
    await t.ok('/api/user/real', { token, data: form });
    expect(await t.server.services.identity.decide(uid, true, 'test')).toMatchObject({ ok: true, value: { state: 'approved', level: 1 } });
    expect(await t.ok<RealState>('/api/real/state', { method: 'GET', token })).toMatchObject({ level: 1, real_state: 2, pending_level: 0 });
    expect((await t.ok<UserInfo>('/api/user/info', { token })).real_state).toBe(2);
    expect((await t.api('/api/user/real', { token, data: form })).body).toMatchObject({ code: 'KYC.ALREADY_VERIFIED' });
  });

  it('takes document photos for level 2 only from uploads of this user', async () => {
    const other = await makeUser(t, 'eve@example.com');
    const theirs = await upload(t, other.token, PNG_1X1, 'a.png', 'image/png');
    const mine = await upload(t, token, PNG_1X1, 'b.png', 'image/png');
    const stolen = await t.api('/api/user/real', { token, data: { real_type: 2, front_pic: theirs.body.message, reverse_pic: mine.body.message } });
    expect(stolen.body).toMatchObject({ type: 'error', code: 'UPLOAD.UNKNOWN_FILE', field: 'front_pic' });
    const state = await t.ok<RealState>('/api/user/real', { token, data: { real_type: 2, front_pic: mine.body.message, reverse_pic: mine.body.message } });
    expect(state).toMatchObject({ level: 1, real_state: 1, pending_level: 2 });
  });
});

describe('payment password and email binding', () => {
  it('sets the payment password with a code sent to the own address', async () => {
    t.clock.advance(CODE_GAP_MS);
    await t.ok('/api/sms_mail', { token, data: { scene: 'pay_password' } });
    const wrong = await t.api('/api/safe/pay_password', { token, data: { password: 'paypass1', re_password: 'paypass1', code: '000000' } });
    expect(wrong.body).toMatchObject({ code: 'CODE.INVALID' });
    await t.ok('/api/safe/pay_password', { token, data: { password: 'paypass1', re_password: 'paypass1', code: await latestCode(t, email), idempotency_key: newKey() } });
    expect((await t.ok<UserInfo>('/api/user/info', { token })).has_pay_password).toBe(true);
    expect((await t.ok<WithdrawInfo>('/api/wallet/get_info', { token, data: { currency_id: await currencyId(t, 'BTC') } })).has_pay_password).toBe(true);
    const hash = await t.server.db.selectFrom('users').select('pay_password_hash').where('id', '=', uid).executeTakeFirstOrThrow();
    expect(hash.pay_password_hash).toMatch(/^scrypt\$ln=17,/);
  });

  it('locks the payment password after five wrong ones', async () => {
    await fund(t, uid, 'BTC', '1');
    const receiver = await makeUser(t, 'frank@example.com');
    const btc = await currencyId(t, 'BTC');
    const send = (pay_password: string) => t.api('/api/user/Transfer', {
      token, data: { currency_id: btc, account: String(receiver.uid), amount: '0.1', pay_password, idempotency_key: newKey() },
    });
    for (let i = 0; i < 5; i += 1) expect((await send('wrong-one')).body).toMatchObject({ code: 'WALLET.PAY_PASSWORD_WRONG' });
    expect((await send('paypass1')).body).toMatchObject({ code: 'WALLET.PAY_PASSWORD_LOCKED' });
    t.clock.advance(15 * 60_000);
    expect((await send('paypass1')).body.type).toBe('ok');
  });

  it('binds a new email with a code sent to it, never one another account uses', async () => {
    await makeUser(t, 'taken@example.com');
    const taken = await t.api('/api/sms_mail', { token, data: { user_string: 'taken@example.com', scene: 'bind_email' } });
    expect(taken.body).toMatchObject({ code: 'USER.EMAIL_TAKEN' });
    await t.ok('/api/sms_mail', { token, data: { user_string: 'dana.new@example.com', scene: 'bind_email' } });
    await t.ok('/api/safe/email', { token, data: { email: 'Dana.New@example.com', code: await latestCode(t, 'dana.new@example.com') } });
    expect((await t.ok<UserInfo>('/api/user/info', { token })).email).toBe('dana.new@example.com');
  });
});

describe('bank cards and the address book', () => {
  const card = { real_name: 'Dana Scully', bank_name: 'Bank of China', card_number: '6217 0000 1234 5678 901', bank_address: 'Haidian branch', province: 'Beijing', city: 'Beijing', phone: '13800138000', country: 'CN' };
  it('requires every field and answers the card masked', async () => {
    expect(await t.ok('/api/user/cash_info', { token })).toBeNull();
    for (const field of Object.keys(card).filter((f) => f !== 'country')) {
      const answer = await t.api('/api/user/cash_save', { token, data: { ...card, [field]: '' } });
      expect(answer.body, field).toMatchObject({ type: 'error', code: 'VALID.REQUIRED', field });
    }
    expect((await t.api('/api/user/cash_save', { token, data: { ...card, card_number: '12-34' } })).body).toMatchObject({ code: 'VALID.CARD_NUMBER' });
    await t.ok('/api/user/cash_save', { token, data: card });
    expect(await t.ok<BankCard>('/api/user/cash_info', { token })).toEqual({ ...card, card_number: '6217***********8901', phone: '138****8000' });

    const intl = { ...card, aba_number: '021000021', swift_code: 'BKCHCNBJ', bank_network: 'SWIFT', cardholder_address: '1 Main St' };
    expect((await t.api('/api/user/cash_save_international', { token, data: { ...intl, aba_number: '021000022' } })).body).toMatchObject({ code: 'VALID.ABA_NUMBER' });
    expect((await t.api('/api/user/cash_save_international', { token, data: { ...intl, swift_code: 'XX' } })).body).toMatchObject({ code: 'VALID.SWIFT_CODE' });
    await t.ok('/api/user/cash_save_international', { token, data: intl });
    expect(await t.ok<InternationalBankCard>('/api/user/cash_info_international', { token })).toMatchObject({ aba_number: '021000021', card_number: '6217***********8901' });
  });

  it('checks addresses against the network and pages the book', async () => {
    const usdt = await currencyId(t, 'USDT');
    const trc20 = await networkId(t, 'TRC20');
    const bad = await t.api('/api/user/wallet/save', { token, data: { currency_id: usdt, network_id: trc20, name: 'Exchange', address: ADDRESSES.evm } });
    expect(bad.body).toMatchObject({ type: 'error', code: 'WALLET.ADDRESS_INVALID', field: 'address' });
    for (let i = 0; i < 12; i += 1) await t.ok('/api/user/wallet/save', { token, data: { currency_id: usdt, network_id: trc20, name: `Wallet ${i}`, address: ADDRESSES.tron } });
    const first = await t.ok<Page<SavedAddress>>('/api/user/wallet/list', { method: 'GET', token });
    expect(first).toMatchObject({ page: 1, limit: 10, total: 12 });
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toMatchObject({ name: 'Wallet 11', currency: 'USDT', network: 'TRC20', address: ADDRESSES.tron });
    const last = await t.ok<Page<SavedAddress>>('/api/user/wallet/list', { method: 'GET', token, data: { page: 3, limit: 5 } });
    expect(last.data.map((a) => a.name)).toEqual(['Wallet 1', 'Wallet 0']);
    expect((await t.ok<Page<SavedAddress>>('/api/user/wallet/list', { method: 'GET', token, data: { limit: 500 } })).limit).toBe(50);
    await t.ok('/api/user/wallet/del', { token, data: { id: first.data[0]?.id ?? 0 } });
    expect((await t.ok<Page<SavedAddress>>('/api/user/wallet/list', { method: 'GET', token })).total).toBe(11);
  });
});
