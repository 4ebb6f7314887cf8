import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/preact';
import type { SpotOrder } from '../../../contract/api/market.ts';
import { $socketStatus } from '../../stores/socket-status.ts';
import { useSpotAccount, type SpotAccountView } from './spot-account.ts';

type Handlers = { snapshot: (p: unknown) => void; message: (m: unknown) => void; stopped?: () => void };
const streams: Handlers[] = [];
vi.mock('../../realtime/live.ts', () => ({
  holdStream: (_request: unknown, handlers: Handlers) => {
    streams.push(handlers);
    return () => undefined;
  },
}));
const overview = vi.fn();
vi.mock('../../api/wallet.ts', () => ({ fetchOverviewServed: () => overview() }));
const orders = vi.fn();
vi.mock('../../api/spot.ts', () => ({ fetchOrders: () => orders() }));

const served = (available: string, asOf: number) => ({
  data: { accounts: [{ account: 'change', balances: [{ currency_id: 1, available, frozen: '0' }] }] },
  asOf,
});
const order = (id: number, state: SpotOrder['state']) => ({ id, symbol: 'BTC/USDT', state }) as SpotOrder;
const balances = (available: string) => [{ account: 'change', currency_id: 1, available, frozen: '0' }];

let view: SpotAccountView;
function Probe({ symbol }: { symbol: string }) {
  view = useSpotAccount(symbol, 'T0K3N');
  return null;
}
const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const last = () => streams[streams.length - 1]!;

beforeEach(() => {
  streams.length = 0;
  $socketStatus.set('live');
  overview.mockReset();
  orders.mockReset();
  orders.mockResolvedValue({ data: { data: [], page: 1, limit: 50, total: 0 }, asOf: 0 });
});
afterEach(cleanup);

describe('useSpotAccount', () => {
  it('keeps what the stream said when the pair changes offline and the worker answers with an old copy', async () => {
    const yesterday = Date.now() - 86_400_000;
    overview.mockResolvedValueOnce(served('5', yesterday));
    const { rerender } = render(<Probe symbol="BTC/USDT" />);
    await flush();
    act(() => last().snapshot({ orders: [], balances: balances('7') }));
    act(() => last().message({ orders: [], balances: balances('9') }));
    expect(view.funds?.get(1)?.available).toBe('9');
    act(() => $socketStatus.set('offline'));
    const dropped = view.fundsAsOf!;
    // Offline, another pair: the worker's copy of /wallet/list is yesterday's.
    overview.mockResolvedValueOnce(served('5', yesterday));
    rerender(<Probe symbol="ETH/USDT" />);
    await flush();
    expect(view.funds?.get(1)?.available).toBe('9');
    expect(view.fundsAsOf).toBe(dropped);
  });

  it('is not "live" on a snapshot the hidden page was holding from before the socket dropped', async () => {
    overview.mockResolvedValueOnce(served('5', Date.now()));
    render(<Probe symbol="BTC/USDT" />);
    await flush();
    act(() => last().snapshot({ orders: [], balances: balances('7') }));
    act(() => $socketStatus.set('reconnecting'));
    act(() => $socketStatus.set('live'));
    // hidden: the new snapshot is held; then the socket drops again and the page is shown offline
    act(() => $socketStatus.set('offline'));
    const dropped = view.fundsAsOf;
    expect(dropped).not.toBeNull();
    act(() => last().snapshot({ orders: [], balances: balances('8') }));
    expect(view.fundsAsOf).not.toBeNull();
  });

  it('dates a snapshot held from before a drop once the stream says it stopped, though the socket is live again', async () => {
    overview.mockResolvedValueOnce(served('5', Date.now()));
    render(<Probe symbol="BTC/USDT" />);
    await flush();
    // Hidden: the socket dropped and came back; on showing, the held snapshot, then the held stop.
    act(() => last().snapshot({ orders: [], balances: balances('7') }));
    expect(view.fundsAsOf).toBeNull();
    act(() => last().stopped?.());
    expect(view.fundsAsOf).not.toBeNull();
    // The resubscribe's snapshot is live.
    act(() => last().snapshot({ orders: [], balances: balances('8') }));
    expect(view.fundsAsOf).toBeNull();
    expect(view.funds?.get(1)?.available).toBe('8');
  });

  it('dates held messages replayed after the drop by the drop, not by when they were shown', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      overview.mockResolvedValueOnce(served('5', Date.now()));
      render(<Probe symbol="BTC/USDT" />);
      await flush();
      act(() => last().snapshot({ orders: [], balances: balances('7') }));
      act(() => $socketStatus.set('offline'));
      const dropped = view.fundsAsOf;
      vi.setSystemTime(Date.now() + 3_600_000);
      act(() => last().message({ orders: [], balances: balances('8') }));
      expect(view.fundsAsOf).toBe(dropped);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes what a reload reads after the stream has stopped (a submit while the socket is down)', async () => {
    overview.mockResolvedValueOnce(served('5', Date.now() - 1_000));
    render(<Probe symbol="BTC/USDT" />);
    await flush();
    act(() => last().snapshot({ orders: [], balances: balances('7') }));
    act(() => $socketStatus.set('offline'));
    overview.mockResolvedValueOnce(served('6', Date.now()));
    orders.mockResolvedValueOnce({ data: { data: [order(2, 'open')], page: 1, limit: 50, total: 1 }, asOf: Date.now() });
    act(() => view.reload());
    await flush();
    expect(view.funds?.get(1)?.available).toBe('6');
    expect(view.openOrders).toEqual([order(2, 'open')]);
  });

  it('dates the balances when the pair changes while the stream is live, until the new one is', async () => {
    overview.mockReturnValue(new Promise(() => undefined));
    const { rerender } = render(<Probe symbol="BTC/USDT" />);
    act(() => last().snapshot({ orders: [], balances: balances('7') }));
    expect(view.fundsAsOf).toBeNull();
    const before = Date.now();
    rerender(<Probe symbol="ETH/USDT" />);
    expect(view.fundsAsOf).toBeGreaterThanOrEqual(before);
    act(() => last().snapshot({ orders: [], balances: balances('7') }));
    expect(view.fundsAsOf).toBeNull();
  });

  it('drops an HTTP list of open orders when the stream spoke while it was on its way', async () => {
    overview.mockResolvedValueOnce(served('5', Date.now()));
    let answer: (v: unknown) => void = () => undefined;
    orders.mockReturnValueOnce(new Promise((r) => (answer = r)));
    render(<Probe symbol="BTC/USDT" />);
    act(() => last().snapshot({ orders: [], balances: balances('7') }));
    // read before the fill: the order was open
    await act(async () => answer({ data: { data: [order(1, 'open')], page: 1, limit: 50, total: 1 }, asOf: Date.now() }));
    await flush();
    expect(view.openOrders).toEqual([]);
  });
});
