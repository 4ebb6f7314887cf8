import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, makeUser, type TestUser } from './helpers/money.ts';
import { limit } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

let t: TestServer;
let alice: TestUser;
let bob: TestUser;

function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, ['server/src/ops/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...t.dbEnv, OPERATOR: 'spot-ops-test', LOG_LEVEL: 'silent' } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '1000');
  await fund(t, bob.uid, 'BTC', '1');
  await limit(t, alice, 'buy', '59000', '0.002');
  await limit(t, alice, 'buy', '58000', '0.001');
  await limit(t, bob, 'sell', '61000', '0.003');
  await limit(t, bob, 'sell', '59000', '0.001');
});
afterAll(async () => {
  await t?.close();
});

describe('ops markets and orders', () => {
  it('help names them', async () => {
    const help = await ops('help');
    expect(help.stdout).toMatch(/markets\s+spot pairs/);
    expect(help.stdout).toMatch(/orders <email\|uid>/);
  });

  it('markets: last price, best bid and ask, open orders per side, trades; reference prices before the first trade', async () => {
    const out = await ops('markets');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^symbol\s+category\s+last\s+bid\s+ask\s+open buys\s+open sells\s+trades$/m);
    expect(out.stdout).toMatch(/^BTC\/USDT\s+coin\s+59000\s+59000\s+61000\s+2\s+1\s+1$/m);
    expect(out.stdout).toMatch(/^AAPL\/USDT\s+stock\s+230 \(reference\)\s+-\s+-\s+0\s+0\s+0$/m);
  });

  it("orders: a user's open and finished orders, by email or uid; audited", async () => {
    const byEmail = await ops('orders', 'alice@example.com');
    expect(byEmail.code).toBe(0);
    expect(byEmail.stdout).toMatch(/BTC\/USDT\s+buy\s+limit\s+59000\s+0\.002\s+0\.001\s+59000\s+0\.0000008 BTC\s+partial/);
    expect(byEmail.stdout).toMatch(/BTC\/USDT\s+buy\s+limit\s+58000\s+0\.001\s+0\s+0\s+0 BTC\s+open/);
    const byUid = await ops('orders', String(bob.uid));
    expect(byUid.stdout).toMatch(/BTC\/USDT\s+sell\s+limit\s+59000\s+0\.001\s+0\.001\s+59000\s+0\.059 USDT\s+filled/);
    expect((await ops('orders', 'nobody@example.com')).code).toBe(1);
    expect((await ops('orders')).code).toBe(2);
    const audit = await ops('audit', '5');
    expect(audit.stdout).toContain('orders');
    expect(audit.stdout).toContain('spot-ops-test');
  });

  it('ledger-check counts order holds as frozen', async () => {
    const check = await ops('ledger-check');
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/frozen equals what the products hold \([^)]*\bspot orders\b/);
    expect(check.stdout).toMatch(/frozen equals what the products hold \([^)]*\bopen withdrawals\b/);
  });
});
