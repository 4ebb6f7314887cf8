import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { contractsOf } from '../../server/modules/contracts/module.ts';
import type { FuturesActivity } from '../../server/services/contracts/futures-hooks.ts';
import { writeTransaction } from '../../server/services/write-transaction.ts';
import { fundAccount, type ContractsServer } from './helpers/contracts.ts';
import { balance, makeUser, type TestUser } from './helpers/money.ts';
import { startCopyServer, submit } from './copytrade-setup.ts';

/**
 * The futures side of copy trading: the hooks see every open, close, partial close and stops change
 * inside its transaction; a partial close splits the position and closes the part like any close;
 * closeMany closes exactly as close() does.
 */
let c: ContractsServer;
let alice: TestUser;
let bert: TestUser;
const seen: FuturesActivity[] = [];

beforeAll(async () => {
  c = await startCopyServer();
  alice = await makeUser(c.t, 'alice-hook@example.com');
  bert = await makeUser(c.t, 'bert-hook@example.com');
  await fundAccount(c.t, alice, '1000');
  await fundAccount(c.t, bert, '1000');
  contractsOf(c.t.server.modules).settlement.hooks.add(async (_trx, activity) => { seen.push(activity); });
});
afterAll(async () => {
  await c?.t.close();
});

const row = (id: number) => c.t.server.db.selectFrom('futures_positions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('futures hooks and the copy primitives', () => {
  it('splits a partial close: the part closes with its share of margin and fees, the rest stays open', async () => {
    const { position } = await submit(c, alice, { lots: 3 });
    c.setMark('BTC/USDT', '61000');
    const { futures } = contractsOf(c.t.server.modules);
    const closed = await futures.closeLots({ userId: alice.uid, endpoint: 'test', key: null, fields: {} }, position.id, 1);
    expect(closed.ok).toBe(true);
    const rest = await row(position.id);
    const part = await row(closed.ok ? closed.value.position.id : 0);
    // 3 lots x 0.001 x 60000 / 10 = 18 margin; open fee 0.09: the part takes a third of each
    expect([rest.state, rest.lots, rest.margin_minor, rest.open_fee_minor]).toEqual(['open', 2, '12000000', '60000']);
    expect([part.state, part.lots, part.margin_minor, part.open_fee_minor, part.pnl_minor]).toEqual(['closed', 1, '6000000', '30000', '1000000']);
    expect(seen.filter((a) => a.positionId === position.id).map((a) => [a.action, a.lots, a.lotsBefore])).toEqual([['open', 3, 0], ['partial_close', 1, 3]]);
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });

  it('closeMany closes as close() does: same PnL, fee and balance', async () => {
    c.setMark('BTC/USDT', '60000');
    const a = await submit(c, alice, { lots: 2, type: 'short' });
    const b = await submit(c, bert, { lots: 2, type: 'short' });
    const before = { alice: await balance(c.t, alice, 'USDT', 'lever'), bert: await balance(c.t, bert, 'USDT', 'lever') };
    c.setMark('BTC/USDT', '59000');
    const { settlement, reads } = contractsOf(c.t.server.modules);
    const mark = reads.marks('BTC/USDT')!;
    const one = await writeTransaction(c.t.server, (trx) => settlement.close(trx, a.position.id, mark, 'manual', null, reads.marks, 0));
    expect(one.ok).toBe(true);
    const many = await writeTransaction(c.t.server, (trx) => settlement.batch.closeMany(trx, [{ id: b.position.id }].map((x) => ({ ...x, markTicks: mark })), 'manual', 0));
    expect(many.get(b.position.id)).toBe(true);
    const [ra, rb] = [await row(a.position.id), await row(b.position.id)];
    expect([rb.state, rb.pnl_minor, rb.close_fee_minor, rb.close_price_ticks, rb.close_reason]).toEqual([ra.state, ra.pnl_minor, ra.close_fee_minor, ra.close_price_ticks, ra.close_reason]);
    const after = { alice: await balance(c.t, alice, 'USDT', 'lever'), bert: await balance(c.t, bert, 'USDT', 'lever') };
    expect(Number(after.bert.available) - Number(before.bert.available)).toBeCloseTo(Number(after.alice.available) - Number(before.alice.available), 9);
    expect(seen.filter((x) => x.positionId === b.position.id).map((x) => x.action)).toEqual(['open', 'close']);
    // Already closed: left alone.
    const again = await writeTransaction(c.t.server, (trx) => settlement.batch.closeMany(trx, [{ id: b.position.id, markTicks: mark }], 'manual', 0));
    expect(again.get(b.position.id)).toBe(false);
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });

  it('runs the stops hook on a stops change', async () => {
    c.setMark('BTC/USDT', '60000');
    const { position } = await submit(c, bert, { lots: 1 });
    await c.t.ok('/api/lever/setstop', { token: bert.token, data: { id: position.id, target_profit_price: '62000', idempotency_key: 'stops-hook' } });
    expect(seen.filter((a) => a.positionId === position.id).map((a) => a.action)).toEqual(['open', 'stops']);
  });
});
