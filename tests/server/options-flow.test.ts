import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionPeriod, OptionSettledMessage, PayableCurrency, OptionOrder } from '../../contract/api/contracts.ts';
import type { StreamAck } from '../../contract/socket-events.ts';
import type { Page } from '../../contract/envelope.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { balance, currencyId, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { contractsOf } from '../../server/modules/contracts/module.ts';

/** Seconds options over real HTTP: 30 s pays 10 %, 60 s 15 %; USDT stakes 10-50000. */
let c: ContractsServer;
let bob: TestUser;
let usdt: number;
let btcSymbolId: number;

beforeAll(async () => {
  c = await startContractsServer();
  c.setMark('BTC/USDT', '60000');
  bob = await makeUser(c.t, 'bob-o@example.com');
  await fundAccount(c.t, bob, '500', 'micro');
  usdt = await currencyId(c.t, 'USDT');
  btcSymbolId = (await c.t.server.db.selectFrom('market_symbols').select('id').where('symbol', '=', 'BTC/USDT').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await c?.t.close();
});

const place = (data: Record<string, string | number>) =>
  c.t.ok<OptionOrder>('/api/microtrade/submit', { token: bob.token, data: { match_id: btcSymbolId, currency_id: usdt, idempotency_key: newKey(), ...data } });

async function settleAfter(seconds: number, price: string): Promise<void> {
  c.t.clock.advance(seconds * 1000);
  c.setMark('BTC/USDT', price);
  await c.tick();
}

describe('seconds options', () => {
  it('lists stake currencies with the micro balance and the expiry choices', async () => {
    const payable = await c.t.ok<PayableCurrency[]>('/api/microtrade/payable_currencies', { method: 'GET', token: bob.token });
    expect(payable.find((p) => p.currency === 'USDT')).toMatchObject({ available: '500' });
    const seconds = await c.t.ok<OptionPeriod[]>('/api/microtrade/seconds', { method: 'GET', data: { currency_id: usdt } });
    expect(seconds.map((s) => [s.seconds, s.profit_rate, s.min_stake, s.max_stake])).toEqual([
      [30, '0.1', '10', '50000'], [60, '0.15', '10', '50000'], [120, '0.2', '10', '50000'], [300, '0.3', '10', '50000'],
    ]);
  });

  it('an up option that wins returns stake + 10 %: 100 -> 110', async () => {
    const option = await place({ type: 'up', seconds: 30, number: '100' });
    expect(option).toMatchObject({ state: 'open', buy_price: '60000', number: '100', expected_profit: '10', seconds: 30 });
    expect(await balance(c.t, bob, 'USDT', 'micro')).toMatchObject({ available: '400', frozen: '100' });
    const due = () => c.t.server.db.selectFrom('due_work').select(['state', 'due_at']).where('kind', '=', 'contracts.option').where('item_key', '=', String(option.id)).execute();
    // Settlement is due work, scheduled at the expiry by the transaction that placed the option.
    expect(await due()).toEqual([{ state: 'pending', due_at: option.expires_at }]);
    await settleAfter(31, '60010');
    expect((await due()).map((d) => d.state)).toEqual(['done']);
    const result = await c.t.ok<OptionOrder>('/api/microtrade/get_result', { method: 'GET', token: bob.token, data: { id: option.id } });
    expect(result).toMatchObject({ state: 'settled', outcome: 'win', profit: '10', sell_price: '60010' });
    expect(await balance(c.t, bob, 'USDT', 'micro')).toMatchObject({ available: '510', frozen: '0' });
  });

  it('a down option that loses gives the stake to the house; an equal price refunds', async () => {
    const lose = await place({ type: 'down', seconds: 60, number: '50' });
    await settleAfter(61, '60020');
    const draw = await place({ type: 'up', seconds: 30, number: '20' });
    await settleAfter(31, '60020');
    const settled = await c.t.ok<Page<OptionOrder>>('/api/microtrade/lists', { method: 'GET', token: bob.token, data: { status: 'settled' } });
    expect(settled.limit).toBe(5);
    expect(settled.data.find((o) => o.id === lose.id)).toMatchObject({ outcome: 'lose', profit: '-50' });
    expect(settled.data.find((o) => o.id === draw.id)).toMatchObject({ outcome: 'draw', profit: '0' });
    // 510 - 50 lost; the draw's 20 came back
    expect(await balance(c.t, bob, 'USDT', 'micro')).toMatchObject({ available: '460', frozen: '0' });
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });
});

describe('settlement races and the private stream', () => {
  it('settles once when two passes race for the same option', async () => {
    const option = await place({ type: 'up', seconds: 30, number: '10' });
    c.t.clock.advance(31_000);
    const exit = { timeMs: c.t.clock.now().getTime(), ticks: 6_100_000_000_000n };
    const { settler } = contractsOf(c.t.server.modules);
    const results = await Promise.all([settler.settle(option.id, exit), settler.settle(option.id, exit), settler.settle(option.id, exit)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const journals = await c.t.server.db.selectFrom('ledger_journals').select('id').where('kind', '=', 'option_settle').where('ref_id', '=', option.id).execute();
    expect(journals).toHaveLength(1);
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });

  it('tells the user\'s socket when an option settles', async () => {
    const socket: Socket = io(c.t.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    try {
      const ack = await new Promise<StreamAck>((resolve) => socket.emit('subscribe', { stream: 'user', token: bob.token }, resolve));
      expect(ack).toEqual({ ok: true });
      const settled = new Promise<OptionSettledMessage>((resolve) => socket.on('option', resolve));
      const option = await place({ type: 'down', seconds: 30, number: '10' });
      await settleAfter(31, '59000');
      const message = await settled;
      expect(message.option).toMatchObject({ id: option.id, state: 'settled', outcome: 'win', profit: '1' });
      expect(message.seq).toBeGreaterThanOrEqual(1);
    } finally {
      socket.close();
    }
  });
});
