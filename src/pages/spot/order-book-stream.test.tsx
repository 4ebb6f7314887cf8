import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/preact';
import { $socketStatus } from '../../stores/socket-status.ts';
import { useOrderBook, type OrderBookState } from './order-book-stream.ts';

type Side = [price: string, amount: string][];
interface Handlers {
  snapshot: (p: { bids: Side; asks: Side }) => void;
  message: (m: { bids: Side; asks: Side }) => void;
  stopped?: () => void;
}
let stream: Handlers;
vi.mock('../../realtime/live.ts', () => ({
  holdStream: (_request: unknown, handlers: Handlers) => {
    stream = handlers;
    return () => undefined;
  },
}));
const depth = vi.fn();
vi.mock('../../api/market.ts', () => ({ fetchDepth: () => depth() }));

let state: OrderBookState;
function Probe() {
  state = useOrderBook('BTC/USDT', 5);
  return null;
}
/** Lets the HTTP answer land and the animation frame that draws the book run. */
const frame = () => act(async () => new Promise((r) => setTimeout(r, 50)));
const asks = () => state.view?.asks.map((row) => row.price);

beforeEach(() => {
  $socketStatus.set('live');
  depth.mockReset();
  depth.mockResolvedValue({ bids: [], asks: [['100', '1']] });
});
afterEach(cleanup);

describe('useOrderBook', () => {
  it('shows no levels as current from a socket drop until the snapshot of the resubscribe is drawn', async () => {
    render(<Probe />);
    await frame();
    act(() => stream.snapshot({ bids: [], asks: [['101', '1']] }));
    await frame();
    expect(asks()).toEqual(['101']);
    expect(state.stale).toBe(false);

    act(() => stream.stopped!());
    expect(state).toEqual({ view: null, stale: true });
    // Back: the socket is connected again, but its snapshot has not come.
    act(() => $socketStatus.set('live'));
    await frame();
    expect(state).toEqual({ view: null, stale: true });

    act(() => stream.snapshot({ bids: [], asks: [['102', '1']] }));
    // Not before the frame that draws the fresh levels: the old ones would show for that frame.
    expect(state.view).toBeNull();
    await frame();
    expect(asks()).toEqual(['102']);
    expect(state.stale).toBe(false);
  });

  it('takes the socket status going down as a drop (a socket that never connected has no stream to stop)', async () => {
    render(<Probe />);
    await frame();
    expect(asks()).toEqual(['100']);
    act(() => $socketStatus.set('reconnecting'));
    expect(state).toEqual({ view: null, stale: true });
    act(() => $socketStatus.set('live'));
    act(() => stream.snapshot({ bids: [], asks: [['103', '1']] }));
    await frame();
    expect(asks()).toEqual(['103']);
  });

  it('opened while the socket is down, holds the HTTP snapshot back: nothing would move it', async () => {
    $socketStatus.set('reconnecting');
    render(<Probe />);
    await frame();
    expect(state).toEqual({ view: null, stale: true });
    act(() => $socketStatus.set('live'));
    act(() => stream.snapshot({ bids: [], asks: [['104', '1']] }));
    await frame();
    expect(asks()).toEqual(['104']);
    expect(state.stale).toBe(false);
  });

  it('a snapshot a hidden page held from before the drop does not end it (its stop follows in order)', async () => {
    render(<Probe />);
    await frame();
    act(() => {
      stream.snapshot({ bids: [], asks: [['105', '1']] });
      stream.stopped!();
    });
    await frame();
    expect(state).toEqual({ view: null, stale: true });
  });
});
