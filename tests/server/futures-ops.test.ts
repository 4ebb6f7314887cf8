import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesDeal, FuturesSubmitResult, OptionOrder } from '../../contract/api/contracts.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { currencyId, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { StreamSocket } from './helpers/stream-socket.ts';

/** The operator's contract commands as a separate process on the running test server's database. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

let c: ContractsServer;
let erin: TestUser;

function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, ['server/src/ops/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...c.t.dbEnv, OPERATOR: 'ops-test', LOG_LEVEL: 'silent' } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const markSeen = async (price: string | null): Promise<void> => {
  const deadline = Date.now() + 5000;
  for (;;) {
    const deal = await c.t.ok<FuturesDeal>('/api/lever/deal', { token: erin.token, data: { symbol: 'BTC/USDT' } });
    if (deal.mark_price === price) return;
    if (Date.now() > deadline) throw new Error(`mark is ${deal.mark_price}, not ${price}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  c = await startContractsServer();
  c.setMark('BTC/USDT', '60000');
  erin = await makeUser(c.t, 'erin@example.com');
  await fundAccount(c.t, erin, '1000', 'lever');
  await fundAccount(c.t, erin, '100', 'micro');
});
afterAll(async () => {
  await c?.t.close();
});

describe('ops: positions, options, mark', { timeout: 60_000 }, () => {
  it('lists a user\'s positions and options', async () => {
    const { position } = await c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: erin.token, data: { symbol: 'BTC/USDT', type: 'long', multiple: 10, lots: 10, idempotency_key: newKey() } });
    const btcId = (await c.t.server.db.selectFrom('market_symbols').select('id').where('symbol', '=', 'BTC/USDT').executeTakeFirstOrThrow()).id;
    const option = await c.t.ok<OptionOrder>('/api/microtrade/submit', { token: erin.token, data: { match_id: btcId, currency_id: await currencyId(c.t, 'USDT'), type: 'up', seconds: 60, number: '10', idempotency_key: newKey() } });
    const positions = await ops('positions', 'erin@example.com');
    expect(positions.code).toBe(0);
    expect(positions.stdout).toMatch(new RegExp(`^${position.id}\\s+BTC/USDT\\s+lever\\s+long\\s+open\\s+10\\s+10\\s+-\\s+60000\\s`, 'm'));
    const options = await ops('options', String(erin.uid));
    expect(options.stdout).toMatch(new RegExp(`^${option.id}\\s+BTC/USDT\\s+up\\s+60\\s+10 USDT\\s+60000\\s+-\\s+open`, 'm'));
    expect((await ops('positions', 'nobody@example.com')).code).toBe(1);
  });

  it('overrides the mark in the running server within a second, audited, and clears it', async () => {
    const set = await ops('mark', 'btc/usdt', '61000.5');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('BTC/USDT: mark overridden to 61000.5 by ops-test');
    // No pass is run by the test: the server's own one-second loop reads the override.
    await markSeen('61000.5');
    expect((await ops('mark')).stdout).toMatch(/BTC\/USDT\s+61000\.5\s+ops-test/);
    const audit = await c.t.server.db.selectFrom('ops_audit').selectAll().where('command', '=', 'mark').where('args', 'like', '%61000.5%').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ operator: 'ops-test', result: 'ok' });
    expect(JSON.parse(audit.args)).toEqual(['btc/usdt', '61000.5']);
    expect((await ops('mark', 'BTC/USDT', 'clear')).code).toBe(0);
    await markSeen('60000');
  });

  it('the public mark stream shows the override too, so screens show the price PnL and triggers use', async () => {
    const socket = await StreamSocket.connect(c.t);
    try {
      expect(await socket.call('subscribe', { stream: 'mark', symbol: 'BTC/USDT' })).toEqual({ ok: true });
      expect((await ops('mark', 'BTC/USDT', '61234.5')).code).toBe(0);
      await socket.waitFor('mark', (p) => (p as { price?: string }).price === '61234.5', 1, 5000);
      expect(await socket.call('snapshot', { stream: 'mark', symbol: 'BTC/USDT' })).toMatchObject({ stream: 'mark', symbol: 'BTC/USDT', price: '61234.5' });
      expect((await ops('mark', 'BTC/USDT', 'clear')).code).toBe(0);
      await socket.waitFor('mark', (p) => (p as { price?: string }).price === '60000', 1, 5000);
    } finally {
      socket.close();
    }
  });

  it('refuses unknown symbols, bad prices and missing arguments', async () => {
    expect((await ops('mark', 'NOPE/USDT', '1')).code).toBe(1);
    expect((await ops('mark', 'BTC/USDT', '-5')).code).toBe(1);
    expect((await ops('mark', 'BTC/USDT')).code).toBe(2);
    await markSeen('60000');
  });
});
