import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealState, Withdrawal } from '../../contract/api/wallet.ts';
import { ADDRESSES, PAY_PASSWORD, balance, currencyId, makeUser, networkId, newKey, type TestUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

let t: TestServer;
let alice: TestUser;

/** `npm run ops -- <args>` as a separate process on the running test server's database. */
function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, ['server/src/ops/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...t.dbEnv, OPERATOR: 'ops-test', LOG_LEVEL: 'silent' } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('the ops CLI against a running server', () => {
  it('prints help', async () => {
    const help = await ops('help');
    expect(help.code).toBe(0);
    for (const command of ['deposit', 'withdrawals', 'withdraw-approve', 'withdraw-reject', 'kyc-approve', 'kyc-reject', 'balances', 'ledger-check']) expect(help.stdout).toContain(command);
  });

  it('deposits: confirming first, credited after its confirmations, and the server shows it at once', async () => {
    const sent = await ops('deposit', 'alice@example.com', 'BTC', '1.5');
    expect(sent.code).toBe(0);
    expect(sent.stdout).toMatch(/deposit #(\d+): 1\.5 BTC on Bitcoin to \d+ \(alice@example\.com\)/);
    expect((await balance(t, alice, 'BTC')).available).toBe('0');
    const id = /deposit #(\d+)/.exec(sent.stdout)?.[1] ?? '';
    const confirmed = await ops('confirm', id);
    expect(confirmed.stdout).toContain('credited (2/2)');
    expect((await balance(t, alice, 'BTC')).available).toBe('1.5');
    expect((await ops('deposit', String(alice.uid), 'USDT', '250', 'TRC20', '--confirmed')).code).toBe(0);
    expect((await balance(t, alice, 'USDT')).available).toBe('250');
    const listed = await ops('balances', 'alice@example.com');
    expect(listed.stdout).toMatch(/change\s+BTC\s+1\.5\s+0/);
  });

  it('rejects a withdrawal (balance restored) and approves one (sent with a tx hash)', async () => {
    const btc = await currencyId(t, 'BTC');
    const data = { currency_id: btc, network_id: await networkId(t, 'Bitcoin'), address: ADDRESSES.bitcoin, amount: '0.5', pay_password: PAY_PASSWORD };
    const first = await t.ok<Withdrawal>('/api/wallet/out', { token: alice.token, data: { ...data, idempotency_key: newKey() } });
    expect(await balance(t, alice, 'BTC')).toMatchObject({ available: '0.9995', frozen: '0.5005' });
    const waiting = await ops('withdrawals');
    expect(waiting.stdout).toMatch(new RegExp(`^${first.id}\\s+${alice.uid}\\s+pending\\s+0\\.5 BTC\\s+0\\.0005`, 'm'));
    expect((await ops('withdraw-reject', String(first.id))).stdout).toContain('rejected');
    expect(await balance(t, alice, 'BTC')).toMatchObject({ available: '1.5', frozen: '0' });

    const second = await t.ok<Withdrawal>('/api/wallet/out', { token: alice.token, data: { ...data, idempotency_key: newKey() } });
    const approved = await ops('withdraw-approve', String(second.id));
    expect(approved.stdout).toMatch(/approved and sent, tx [0-9a-f]{64}/);
    expect(await balance(t, alice, 'BTC')).toMatchObject({ available: '0.9995', frozen: '0' });
    const again = await ops('withdraw-reject', String(second.id));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This request has already been processed');
  });

  it('approves and rejects identity verification', async () => {
    const bob = await makeUser(t, 'bob@example.com', { level: 0 });
    await t.ok('/api/user/real', { token: bob.token, data: { real_type: 1, id_type: 'passport', name: 'Bob Stone', card_id: 'P9876543' } });
    expect((await ops('kyc-pending')).stdout).toContain('Bob Stone');
    expect((await ops('kyc-reject', 'bob@example.com', 'photo', 'unreadable')).stdout).toContain('rejected');
    expect((await t.ok<RealState>('/api/real/state', { token: bob.token })).real_state).toBe(3);
    await t.ok('/api/user/real', { token: bob.token, data: { real_type: 1, id_type: 'passport', name: 'Bob Stone', card_id: 'P9876543' } });
    expect((await ops('kyc-approve', String(bob.uid))).stdout).toContain('approved');
    expect(await t.ok<RealState>('/api/real/state', { token: bob.token })).toMatchObject({ level: 1, real_state: 2 });
    expect((await ops('kyc-approve', 'bob@example.com')).code).toBe(1);
  });

  it('checks the ledger, fails clearly on bad input, and audits every command', async () => {
    const check = await ops('ledger-check');
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^ledger ok/);
    const unknownUser = await ops('deposit', 'nobody@example.com', 'BTC', '1');
    expect(unknownUser).toMatchObject({ code: 1 });
    expect(unknownUser.stderr).toContain('no user nobody@example.com');
    const badAmount = await ops('deposit', 'alice@example.com', 'BTC', '1e3');
    expect(badAmount.code).toBe(1);
    expect((await ops('withdraw-approve')).code).toBe(2);
    expect((await ops('frobnicate')).code).toBe(2);
    const audit = await t.server.db.selectFrom('ops_audit').selectAll().orderBy('id').execute();
    expect(audit.every((a) => a.operator === 'ops-test')).toBe(true);
    expect(audit.map((a) => `${a.command}:${a.result}`)).toEqual(expect.arrayContaining(['deposit:ok', 'confirm:ok', 'withdraw-reject:ok', 'withdraw-approve:ok', 'kyc-approve:ok', 'ledger-check:ok', 'deposit:error', 'withdraw-approve:error']));
    expect(audit.find((a) => a.command === 'kyc-reject')?.args).toBe('["bob@example.com","photo","unreadable"]');
  });
});
