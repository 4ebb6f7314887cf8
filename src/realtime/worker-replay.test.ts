import { describe, expect, it } from 'vitest';
import type { ToWorker } from './socket-protocol.ts';
import { WorkerReplay } from './worker-replay.ts';

const connect: ToWorker = { type: 'connect', url: 'http://x', perMessage: false };
const depth = (id: number, symbol: string): ToWorker => ({ type: 'subscribe', id, request: { stream: 'depth', symbol } });

function recorded(...messages: ToWorker[]): ToWorker[] {
  const replay = new WorkerReplay();
  for (const message of messages) replay.record(message);
  return replay.messages();
}

describe('WorkerReplay', () => {
  it('is empty before anything was said', () => {
    expect(recorded()).toEqual([]);
  });

  it('keeps subscriptions and holds still in force, and drops the released ones', () => {
    const messages = recorded(
      connect,
      depth(1, 'BTC/USDT'),
      depth(2, 'ETH/USDT'),
      { type: 'tickers', id: 3, hold: true },
      { type: 'tickers', id: 4, hold: true },
      { type: 'unsubscribe', id: 1 },
      { type: 'tickers', id: 3, hold: false },
    );
    expect(messages).toEqual([connect, depth(2, 'ETH/USDT'), { type: 'tickers', id: 4, hold: true }]);
  });

  it('keeps only the latest shown, interest, row format and network word, before the streams', () => {
    const messages = recorded(
      connect,
      { type: 'shown', shown: true },
      depth(1, 'BTC/USDT'),
      { type: 'interest', symbols: ['BTC/USDT'] },
      { type: 'offline' },
      { type: 'rowFormat', format: null, ticks: [] },
      { type: 'shown', shown: false },
      { type: 'interest', symbols: ['ETH/USDT', 'SOL/USDT'] },
      { type: 'online' },
    );
    expect(messages).toEqual([
      { type: 'shown', shown: false },
      connect,
      { type: 'online' },
      { type: 'rowFormat', format: null, ticks: [] },
      { type: 'interest', symbols: ['ETH/USDT', 'SOL/USDT'] },
      depth(1, 'BTC/USDT'),
    ]);
  });

  it('keeps the events listened to until each is let go', () => {
    const messages = recorded(
      connect,
      { type: 'listen', event: 'hello', on: true },
      { type: 'listen', event: 'risk', on: true },
      { type: 'listen', event: 'hello', on: false },
    );
    expect(messages).toEqual([connect, { type: 'listen', event: 'risk', on: true }]);
  });

  it('says the connect once however often it was recorded', () => {
    expect(recorded(connect, connect)).toEqual([connect]);
  });
});
