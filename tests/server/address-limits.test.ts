import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressLimits, HANDSHAKE_REFUSED, type AddressLimitOptions } from '../../server/realtime/address-limits.ts';

/**
 * AddressLimits against a stand-in engine and hand-made requests, with its clock in the test's
 * hands: when a slot is taken and given back, and when an address is forgotten. The socket.io side
 * (real clients, real refusals) is tests/server/realtime-limits.test.ts.
 */
let nowMs = 0;
let limits: AddressLimits | undefined;
const warnings: object[] = [];

function start(options: Partial<AddressLimitOptions>): { limits: AddressLimits; engine: EventEmitter } {
  nowMs = 0;
  warnings.length = 0;
  const log = { info: () => undefined, warn: (fields: object) => void warnings.push(fields) };
  limits = new AddressLimits({ sweepIntervalMs: 3_600_000, ...options }, log, () => nowMs);
  const engine = new EventEmitter();
  limits.attach(engine);
  return { limits, engine };
}
afterEach(() => limits?.stop());

type FakeRequest = IncomingMessage & { socket: EventEmitter };

function request(remoteAddress: string): FakeRequest {
  return { socket: Object.assign(new EventEmitter(), { remoteAddress }), headers: {} } as unknown as FakeRequest;
}

function allow(l: AddressLimits, req: IncomingMessage): true | string {
  let outcome: true | string = 'no answer';
  l.allowRequest(req, (err, success) => {
    outcome = success ? true : String(err);
  });
  return outcome;
}

/** An engine connection for an allowed handshake; closing it is the engine's 'close'. */
function open(engine: EventEmitter, req: IncomingMessage): EventEmitter {
  const connection = Object.assign(new EventEmitter(), { request: req });
  engine.emit('connection', connection);
  return connection;
}

describe('AddressLimits', () => {
  it('holds a slot from the handshake on, and gives it back when the connection or the failed handshake ends', () => {
    const { limits: l, engine } = start({ socketsPerAddress: 2, handshakeBurst: 100 });
    const [first, second] = [request('10.0.0.1'), request('10.0.0.1')];
    expect(allow(l, first)).toBe(true);
    expect(allow(l, second)).toBe(true);
    // Neither is open yet, and both already count.
    expect(allow(l, request('10.0.0.1'))).toBe(HANDSHAKE_REFUSED);
    expect(allow(l, request('10.0.0.2'))).toBe(true);

    // A failed handshake (engine.io's connection_error) gives its slot back.
    engine.emit('connection_error', { req: second });
    const third = request('10.0.0.1');
    expect(allow(l, third)).toBe(true);
    // So does a TCP connection that closes before the engine opened it (a bad websocket upgrade).
    third.socket.emit('close');
    const fourth = request('10.0.0.1');
    expect(allow(l, fourth)).toBe(true);

    // Once open, the engine connection holds the slot: its handshake request's TCP socket no longer decides.
    const connection = open(engine, first);
    first.socket.emit('close');
    expect(allow(l, request('10.0.0.1'))).toBe(HANDSHAKE_REFUSED);
    connection.emit('close');
    expect(allow(l, request('10.0.0.1'))).toBe(true);
  });

  it('refuses handshakes past the burst until the budget refills', () => {
    const { limits: l, engine } = start({ socketsPerAddress: 100, handshakeBurst: 3, handshakesPerSecond: 2 });
    for (let i = 0; i < 3; i += 1) {
      const req = request('10.0.0.3');
      expect(allow(l, req)).toBe(true);
      open(engine, req).emit('close');
    }
    expect(allow(l, request('10.0.0.3'))).toBe(HANDSHAKE_REFUSED);
    nowMs += 499;
    expect(allow(l, request('10.0.0.3'))).toBe(HANDSHAKE_REFUSED);
    nowMs += 1;
    expect(allow(l, request('10.0.0.3'))).toBe(true);
  });

  it('shares one event budget among the connections of an address', () => {
    const { limits: l, engine } = start({ eventBurst: 3, eventsPerSecond: 1 });
    const [a, b, c] = [request('10.0.0.4'), request('10.0.0.4'), request('10.0.0.5')];
    for (const req of [a, b, c]) {
      allow(l, req);
      open(engine, req);
    }
    expect([l.eventBudget(a).take(), l.eventBudget(b).take(), l.eventBudget(a).take(), l.eventBudget(b).take()]).toEqual([true, true, true, false]);
    expect(l.eventBudget(c).take()).toBe(true);
  });

  it('forgets an address only when a fresh entry would be the same, and bounds how many it tracks', () => {
    const { limits: l, engine } = start({ handshakeBurst: 2, handshakesPerSecond: 1, eventBurst: 10, eventsPerSecond: 1, addressesMax: 2 });
    const a = request('10.0.1.1');
    expect(allow(l, a)).toBe(true);
    expect(allow(l, request('10.0.1.2'))).toBe(true);
    // The table is full of addresses with connections or spent budgets: a new address waits.
    expect(allow(l, request('10.0.1.3'))).toBe(HANDSHAKE_REFUSED);
    expect(l.size).toBe(2);

    const connection = open(engine, a);
    nowMs += 60_000;
    l.sweep();
    // Both hold a slot: 10.0.1.1 is open, 10.0.1.2's handshake request is still pending.
    expect(l.size).toBe(2);
    l.eventBudget(a).take();
    connection.emit('close');
    nowMs += 999;
    l.sweep();
    // No connection, but a fresh entry would have a fuller event budget: kept.
    expect(l.size).toBe(2);
    nowMs += 1;
    l.sweep();
    expect(l.size).toBe(1);
    expect(allow(l, request('10.0.1.3'))).toBe(true);
    expect(warnings).toContainEqual(expect.objectContaining({ refused: 1, lastAddress: '10.0.1.3' }));
  });
});
