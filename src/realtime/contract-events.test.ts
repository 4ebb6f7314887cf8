import { beforeEach, describe, expect, it } from 'vitest';
import { $serverClock, CLOCK_JUMP_MS } from '../stores/options-clock.ts';
import { onHello } from './contract-events.ts';

describe('onHello', () => {
  beforeEach(() => $serverClock.set({ offsetMs: 0, source: 'none' }));

  it('measures the server clock against when the socket got the hello, not when a hidden page was shown', () => {
    const receivedAt = Date.now() - 10 * CLOCK_JUMP_MS;
    $serverClock.set({ offsetMs: 1_000, source: 'date' });
    // The server is 1.2 s ahead; the hello waited in the worker for 50 s while the page was hidden.
    onHello({ version: 'x', server_time: new Date(receivedAt + 1_200).toISOString() }, receivedAt);
    expect($serverClock.get()).toEqual({ offsetMs: 1_200, source: 'hello' });
  });
});
