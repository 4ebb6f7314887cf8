import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesCloseResult, FuturesSubmitResult } from '../../contract/api/contracts.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { balance, makeUser, newKey, type TestUser } from './helpers/money.ts';

/**
 * POST /lever/close with `lots` closes part of a position: the part is closed at the mark with its
 * share of margin and fees, the rest stays open under the same id. A copy trader's partial close is
 * mirrored from this (copytrade's tests); here the person's own call.
 */
let c: ContractsServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  c = await startContractsServer();
  alice = await makeUser(c.t, 'partial-alice@example.com');
  bob = await makeUser(c.t, 'partial-bob@example.com');
  await fundAccount(c.t, alice, '1000');
});
afterAll(async () => {
  await c?.t.close();
});

const close = (user: TestUser, data: Record<string, unknown>, key = newKey()) =>
  c.t.api('/api/lever/close', { token: user.token, data: { ...data, idempotency_key: key } });

async function position(id: number) {
  return c.t.server.db.selectFrom('futures_positions').select(['lots', 'state', 'margin_minor']).where('id', '=', id).executeTakeFirstOrThrow();
}

describe('closing part of a futures position', () => {
  it('closes the lots asked for, keeps the rest open, and refuses bad lots changing nothing', async () => {
    c.setMark('BTC/USDT', '60000');
    const opened = await c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: alice.token, data: { symbol: 'BTC/USDT', type: 'long', multiple: 10, lots: 10, idempotency_key: newKey() } });
    const id = opened.position.id;
    const marginBefore = BigInt((await position(id)).margin_minor);
    c.setMark('BTC/USDT', '61000');
    await c.tick();

    for (const lots of ['0', '-1', '1.5', 'abc', '1e3']) {
      expect((await close(alice, { id, lots })).body, `lots=${lots}`).toMatchObject({ code: 'CONTRACT.LOTS_INVALID', field: 'lots' });
    }
    expect(await position(id)).toMatchObject({ lots: 10, state: 'open' });
    expect((await close(bob, { id, lots: 4 })).body).toMatchObject({ code: 'COMMON.NOT_FOUND' });
    expect(await position(id)).toMatchObject({ lots: 10, state: 'open' });

    const key = newKey();
    const part = await close(alice, { id, lots: 4 }, key);
    const answer = (part.body as { message: FuturesCloseResult }).message;
    expect(answer.position).toMatchObject({ lots: 4, state: 'closed' });
    expect(answer.position.id).not.toBe(id);
    const rest = await position(id);
    expect(rest).toMatchObject({ lots: 6, state: 'open' });
    expect(BigInt(rest.margin_minor) + BigInt((await position(answer.position.id)).margin_minor)).toBe(marginBefore);
    // The same key answers the same close and closes nothing more.
    expect((await close(alice, { id, lots: 4 }, key)).body).toEqual(part.body);
    expect(await position(id)).toMatchObject({ lots: 6 });
    expect(await balance(c.t, alice, 'USDT', 'lever')).toMatchObject({ frozen: (Number(rest.margin_minor) / 1e6).toString() });

    // More lots than are left closes the whole position.
    const all = await close(alice, { id, lots: 50 });
    expect((all.body as { message: FuturesCloseResult }).message.position).toMatchObject({ id, lots: 6, state: 'closed' });
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });
});
