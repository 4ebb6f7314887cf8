import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesDeal, FuturesDealAll, FuturesPosition, FuturesSubmitResult, RiskMessage } from '../../contract/api/contracts.ts';
import type { StreamAck } from '../../contract/socket-events.ts';
import type { Page } from '../../contract/envelope.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { balance, makeUser, newKey, type TestUser } from './helpers/money.ts';

/**
 * Futures over real HTTP with hand-set marks. BTC/USDT's lot size is seeded on first use from the mark
 * (one lot worth 10-100 USDT): at 60000 that is 0.001 BTC. Coin fees: 0.05 % at open and at close.
 */
let c: ContractsServer;
let alice: TestUser;

beforeAll(async () => {
  c = await startContractsServer();
  c.setMark('BTC/USDT', '60000');
  c.setMark('ETH/USDT', '3000');
  c.setMark('AAPL/USDT', '230');
  alice = await makeUser(c.t, 'alice-f@example.com');
  await fundAccount(c.t, alice, '1000');
});
afterAll(async () => {
  await c?.t.close();
});

const submit = (user: TestUser, data: Record<string, string | number>) =>
  c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: user.token, data: { idempotency_key: newKey(), ...data } });

describe('futures: open, preview, take-profit', () => {
  it('shows the order screen with a preview: 10 lots x 0.001 BTC at 60000, 10x', async () => {
    const deal = await c.t.ok<FuturesDeal>('/api/lever/deal', { token: alice.token, data: { symbol: 'BTC/USDT', type: 'long', multiple: 10, lots: 10 } });
    expect(deal).toMatchObject({ symbol: 'BTC/USDT', account: 'lever', multiples: [5, 10, 20, 50, 100], lot_size: '0.001', fee_rate: '0.0005', mark_price: '60000', liquidation_rate: '0.5' });
    // notional 10 x 0.001 x 60000 = 600; margin 600 / 10 = 60; fee 600 x 0.0005 = 0.3
    expect(deal.preview).toMatchObject({ notional: '600', margin: '60', fee: '0.3', affordable: true });
    // liquidation when 1000 - 0.3 + (P - 60000) x 0.01 = 0.5 x 60  ->  P = 60000 - 969.7 / 0.01 = -36970: none
    expect(deal.preview?.liquidation_price).toBeNull();
    expect(deal.balance).toMatchObject({ available: '1000', frozen: '0', risk_rate: null });
  });

  it('opens a long at the mark, freezes the margin and books the fee; TP closes it with the PnL', async () => {
    const { position, balance: after } = await submit(alice, { symbol: 'BTC/USDT', type: 'long', multiple: 10, lots: 10, target_profit_price: '61000', stop_loss_price: '59000' });
    expect(position).toMatchObject({ state: 'open', open_price: '60000', margin: '60', handling_fee: '0.3', target_profit_price: '61000', stop_loss_price: '59000' });
    // 1000 - 60 margin - 0.3 fee
    expect(after).toMatchObject({ available: '939.7', frozen: '60', used_margin: '60', equity: '999.7' });
    c.setMark('BTC/USDT', '60500');
    await c.tick();
    const live = await c.t.ok<FuturesDealAll>('/api/lever/dealall', { token: alice.token });
    // (60500 - 60000) x 0.01 = 5
    expect(live.positions.find((p) => p.id === position.id)).toMatchObject({ state: 'open', profit: '5', current_price: '60500' });
    c.setMark('BTC/USDT', '61000');
    await c.tick();
    const done = await c.t.ok<Page<FuturesPosition>>('/api/lever/my_trade', { token: alice.token, data: { status: 'completed' } });
    // PnL (61000 - 60000) x 0.01 = 10; close fee 610 x 0.0005 = 0.305
    expect(done.data[0]).toMatchObject({ id: position.id, state: 'closed', close_reason: 'tp', profit: '10', handling_fee: '0.605', current_price: '61000' });
    // 939.7 + 60 + 10 - 0.305
    expect(await balance(c.t, alice, 'USDT', 'lever')).toMatchObject({ available: '1009.395', frozen: '0' });
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });
});

describe('the private risk stream', () => {
  it('sends live PnL and the risk rate to the user\'s socket, with a seq per user', async () => {
    const socket: Socket = io(c.t.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    try {
      const ack = await new Promise<StreamAck>((resolve) => socket.emit('subscribe', { stream: 'user', token: alice.token }, resolve));
      expect(ack).toEqual({ ok: true });
      const messages: RiskMessage[] = [];
      socket.on('risk', (m: RiskMessage) => messages.push(m));
      const { position } = await submit(alice, { symbol: 'BTC/USDT', type: 'short', multiple: 20, lots: 5 });
      c.setMark('BTC/USDT', '60900');
      await c.tick();
      const deadline = Date.now() + 5000;
      while (!messages.some((m) => m.positions.some((p) => p.id === position.id && p.current_price === '60900')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const last = messages.findLast((m) => m.positions.some((p) => p.id === position.id && p.current_price === '60900'));
      // short 5 x 0.001 from 61000 (the mark after the TP test) to 60900: +100 x 0.005 = 0.5
      expect(last?.positions.find((p) => p.id === position.id)).toMatchObject({ profit: '0.5' });
      expect(last?.accounts.find((a) => a.account === 'lever')?.risk_rate).not.toBeNull();
      expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => (messages[0]?.seq ?? 1) + i));
      const all = await c.t.ok<FuturesDealAll>('/api/lever/dealall', { token: alice.token });
      expect(all.seq).toBeGreaterThanOrEqual(last?.seq ?? 1);
    } finally {
      socket.close();
    }
  });
});
