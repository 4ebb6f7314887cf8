import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/preact';
import { $socketStatus } from '../../stores/socket-status.ts';
import { useMark, type MarkState } from './use-mark.ts';

interface Handlers {
  snapshot: (p: { price: string }) => void;
  message: (m: { price: string }) => void;
  stopped?: () => void;
}
let stream: Handlers;
vi.mock('../../realtime/live.ts', () => ({
  holdStream: (_request: unknown, handlers: Handlers) => {
    stream = handlers;
    return () => undefined;
  },
}));

let mark: MarkState;
function Probe() {
  mark = useMark('BTC-PERP');
  return null;
}

beforeEach(() => $socketStatus.set('live'));
afterEach(cleanup);

describe('useMark', () => {
  it('keeps the last price but not as live from a stop until the next snapshot', () => {
    render(<Probe />);
    act(() => stream.snapshot({ price: '100' }));
    act(() => stream.message({ price: '101' }));
    expect(mark).toEqual({ price: '101', trend: 'up', stale: false });

    act(() => stream.stopped!());
    expect(mark).toEqual({ price: '101', trend: 'flat', stale: true });
    // Connected again, the snapshot not yet come.
    act(() => $socketStatus.set('live'));
    expect(mark.stale).toBe(true);
    act(() => stream.snapshot({ price: '99' }));
    expect(mark).toEqual({ price: '99', trend: 'down', stale: false });
  });

  it('is not live while the socket is down, even before the stream could say it stopped', () => {
    render(<Probe />);
    act(() => stream.snapshot({ price: '100' }));
    act(() => $socketStatus.set('reconnecting'));
    expect(mark.stale).toBe(true);
  });

  it('opened while the socket is down, is not live until a snapshot', () => {
    $socketStatus.set('offline');
    render(<Probe />);
    expect(mark.stale).toBe(true);
    act(() => stream.snapshot({ price: '100' }));
    expect(mark.stale).toBe(false);
  });
});
