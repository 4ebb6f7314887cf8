import { describe, expect, it } from 'vitest';
import type { FuturesAccountRisk, FuturesPosition, RiskMessage } from '../../../contract/api/contracts.ts';
import { applyRisk, bookFromDealAll, withPositions } from './position-state.ts';

function position(id: number, over: Partial<FuturesPosition> = {}): FuturesPosition {
  return {
    id, symbol: 'BTC/USDT', currency_id: 1, legal_id: 2, category: 'coin', account: 'lever', type: 'long', order_type: 'market', state: 'open',
    multiple: 10, lots: 1, lot_size: '0.01', target_price: null, open_price: '60000', current_price: '60000', target_profit_price: null,
    stop_loss_price: null, margin: '60', handling_fee: '0.3', overnight_fee: '0', profit: '0', liquidation_price: '57000', close_reason: null,
    created_at: '2026-11-21T10:00:00.000Z', open_time: '2026-11-21T10:00:00.000Z', close_time: null, ...over,
  };
}
const account = (over: Partial<FuturesAccountRisk> = {}): FuturesAccountRisk => ({
  account: 'lever', currency_id: 2, currency: 'USDT', available: '40', frozen: '60', used_margin: '60', unrealized_pnl: '0', equity: '100', risk_rate: '1.6667', ...over,
});
const message = (seq: number, over: Partial<RiskMessage> = {}): RiskMessage => ({ seq, accounts: [], positions: [], changed: [], ...over });

describe('the position book from dealall and the risk stream', () => {
  const book = bookFromDealAll({ positions: [position(1), position(2, { state: 'closed' }), position(3, { state: 'pending', open_price: null })], accounts: [account()], seq: 7 });

  it('keeps open and pending positions, newest first, and the seq dealall is current to', () => {
    expect(book.positions.map((p) => p.id)).toEqual([3, 1]);
    expect(book.seq).toBe(7);
  });

  it('drops messages at or below the snapshot seq, and asks again after a gap', () => {
    expect(applyRisk(book, message(7)).kind).toBe('stale');
    expect(applyRisk(book, message(3)).kind).toBe('stale');
    expect(applyRisk(book, message(9)).kind).toBe('gap');
  });

  it('seq + 1 applies: live PnL and mark of each position, and the account risk', () => {
    // Mark 60,500 on 1 lot of 0.01 BTC long from 60,000: PnL = 500 x 0.01 = 5.
    const out = applyRisk(book, message(8, { positions: [{ id: 1, current_price: '60500', profit: '5', liquidation_price: '56950' }], accounts: [account({ unrealized_pnl: '5', equity: '105', risk_rate: '1.75' })] }));
    if (out.kind !== 'applied') throw new Error(out.kind);
    expect(out.book.seq).toBe(8);
    expect(out.book.positions.find((p) => p.id === 1)).toMatchObject({ current_price: '60500', profit: '5', liquidation_price: '56950' });
    expect(out.book.accounts).toEqual([account({ unrealized_pnl: '5', equity: '105', risk_rate: '1.75' })]);
    expect(out.finished).toEqual([]);
  });

  it('a position closed by take profit leaves the book and is reported with its reason', () => {
    const closed = position(1, { state: 'closed', close_reason: 'tp', profit: '10', current_price: '61000' });
    const out = applyRisk(book, message(8, { changed: [closed] }));
    if (out.kind !== 'applied') throw new Error(out.kind);
    expect(out.book.positions.map((p) => p.id)).toEqual([3]);
    expect(out.finished).toEqual([closed]);
  });

  it('a limit order that opened stays, as open, and is reported', () => {
    const opened = position(3, { state: 'open', open_price: '59000' });
    const out = applyRisk(book, message(8, { changed: [opened] }));
    if (out.kind !== 'applied') throw new Error(out.kind);
    expect(out.book.positions.find((p) => p.id === 3)?.state).toBe('open');
    expect(out.opened).toEqual([opened]);
  });

  it('a close the user made (answered over HTTP) removes it; a new one is added first', () => {
    const next = withPositions(book.positions, [position(1, { state: 'closed', close_reason: 'manual' }), position(9)]);
    expect(next.map((p) => p.id)).toEqual([9, 3]);
  });
});
