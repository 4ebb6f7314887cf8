import { describe, expect, it } from 'vitest';
import { EVENTS_MAX, HOLD_MAX, HiddenPageHold, LET_GO_AFTER_MS, type HoldClock } from './hidden-page-hold.ts';
import type { FromWorker } from './socket-protocol.ts';

/** A clock the test moves by hand. */
class FakeClock implements HoldClock {
  private timers = new Map<number, { at: number; callback: () => void }>();
  private now = 0;
  private next = 1;
  later(callback: () => void, ms: number): unknown {
    this.timers.set(this.next, { at: this.now + ms, callback });
    return this.next++;
  }
  cancel(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  advance(ms: number): void {
    this.now += ms;
    for (const [handle, timer] of [...this.timers]) {
      if (timer.at > this.now) continue;
      this.timers.delete(handle);
      timer.callback();
    }
  }
}

function setup(letGoIds: number[] = []) {
  const posted: FromWorker[] = [];
  const calls: string[] = [];
  const clock = new FakeClock();
  const hold = new HiddenPageHold(
    {
      post: (m) => posted.push(m),
      away: () => {
        calls.push('away');
        return letGoIds;
      },
      back: () => calls.push('back'),
      refresh: (id) => calls.push(`refresh ${id}`),
    },
    clock,
  );
  return { hold, posted, calls, clock };
}

const message = (id: number, seq: number) => ({ type: 'message' as const, id, payload: { seq } });
const snapshot = (id: number, seq: number) => ({ type: 'snapshot' as const, id, payload: { seq } });
const risk = (seq: number) => ({ type: 'event' as const, event: 'risk' as const, payload: { seq }, receivedAt: 0 });
const stopped = (id: number) => ({ type: 'stopped' as const, id });
const seqs = (posted: FromWorker[]) =>
  posted.map((m) => (m.type === 'stopped' ? `stopped ${m.id}` : `${m.type}${'id' in m ? ` ${m.id}` : ''} ${(m as { payload: { seq: number } }).payload.seq}`));

describe('HiddenPageHold', () => {
  it('passes everything straight on while the page is shown', () => {
    const { hold, posted } = setup();
    hold.pass(snapshot(1, 5));
    hold.pass(message(1, 6));
    hold.pass(risk(3));
    expect(seqs(posted)).toEqual(['snapshot 1 5', 'message 1 6', 'event 3']);
  });

  it('holds messages and events while hidden and hands them all over, in order, when shown', () => {
    const { hold, posted } = setup();
    hold.setShown(false);
    hold.pass(message(1, 6));
    hold.pass(message(2, 40));
    hold.pass(risk(3));
    hold.pass(message(1, 7));
    expect(posted).toEqual([]);
    hold.setShown(true);
    expect(seqs(posted)).toEqual(['message 1 6', 'message 1 7', 'message 2 40', 'event 3']);
  });

  it('lets a snapshot that arrives while hidden replace what its subscription held', () => {
    const { hold, posted } = setup();
    hold.setShown(false);
    hold.pass(message(1, 6));
    hold.pass(snapshot(1, 20));
    hold.pass(message(1, 21));
    hold.setShown(true);
    expect(seqs(posted)).toEqual(['snapshot 1 20', 'message 1 21']);
  });

  it('asks for a fresh snapshot instead of replaying a subscription that piled up too much', () => {
    const { hold, posted, calls } = setup();
    hold.setShown(false);
    for (let seq = 1; seq <= HOLD_MAX + 5; seq += 1) hold.pass(message(1, seq));
    hold.pass(message(2, 1));
    hold.setShown(true);
    expect(calls).toEqual(['refresh 1']);
    expect(seqs(posted)).toEqual(['message 2 1']);
  });

  it('hands over a refusal even after a pile-up (no snapshot follows one)', () => {
    const { hold, posted } = setup();
    hold.setShown(false);
    for (let seq = 1; seq <= HOLD_MAX + 1; seq += 1) hold.pass(message(1, seq));
    hold.pass({ type: 'error', id: 1, code: 'AUTH.TOKEN_INVALID' });
    hold.setShown(true);
    expect(posted).toEqual([{ type: 'error', id: 1, code: 'AUTH.TOKEN_INVALID' }]);
  });

  it('needs no fresh snapshot when one arrived after the pile-up', () => {
    const { hold, posted, calls } = setup();
    hold.setShown(false);
    for (let seq = 1; seq <= HOLD_MAX + 1; seq += 1) hold.pass(message(1, seq));
    hold.pass(snapshot(1, 500));
    hold.setShown(true);
    expect(calls).toEqual([]);
    expect(seqs(posted)).toEqual(['snapshot 1 500']);
  });

  it('keeps only the newest of an event past the limit, so the screens see the gap; other events keep theirs', () => {
    const { hold, posted } = setup();
    hold.setShown(false);
    hold.pass({ type: 'event', event: 'option', payload: { seq: 1 }, receivedAt: 0 });
    for (let seq = 1; seq <= EVENTS_MAX + 3; seq += 1) hold.pass(risk(seq));
    hold.setShown(true);
    expect(posted).toHaveLength(EVENTS_MAX + 1);
    expect(posted.filter((m) => m.type === 'event' && m.event === 'option')).toHaveLength(1);
    expect(seqs(posted.filter((m) => m.type === 'event' && m.event === 'risk'))[0]).toBe('event 4');
  });

  it('hands over a stop after what came before it, even past a pile-up (the snapshot that ends it follows the reconnect)', () => {
    const { hold, posted, calls } = setup();
    hold.setShown(false);
    hold.pass(snapshot(1, 5));
    hold.pass(stopped(1));
    for (let seq = 1; seq <= HOLD_MAX + 1; seq += 1) hold.pass(message(2, seq));
    hold.pass(stopped(2));
    hold.setShown(true);
    expect(calls).toEqual(['refresh 2']);
    expect(seqs(posted)).toEqual(['snapshot 1 5', 'stopped 1', 'stopped 2']);
  });

  it('drops what a subscription held when the page leaves it', () => {
    const { hold, posted } = setup();
    hold.setShown(false);
    hold.pass(message(1, 6));
    hold.forget(1);
    hold.setShown(true);
    expect(posted).toEqual([]);
  });

  it('lets the public streams go after a long absence and takes them again on showing, without their stale messages', () => {
    const { hold, posted, calls, clock } = setup([1]);
    hold.setShown(false);
    hold.pass(message(1, 6));
    hold.pass(message(2, 9));
    clock.advance(LET_GO_AFTER_MS - 1);
    expect(calls).toEqual([]);
    expect(hold.away).toBe(false);
    clock.advance(1);
    expect(calls).toEqual(['away']);
    expect(hold.away).toBe(true);
    clock.advance(10 * LET_GO_AFTER_MS);
    expect(calls).toEqual(['away']);
    hold.setShown(true);
    expect(calls).toEqual(['away', 'back']);
    expect(hold.away).toBe(false);
    // Subscription 1 is told its book is out of date and starts over from a snapshot; 2 (the user's
    // own channel) kept its messages.
    expect(seqs(posted)).toEqual(['message 2 9', 'stopped 1']);
  });

  it('keeps the streams through a short absence', () => {
    const { hold, calls, clock } = setup([1]);
    hold.setShown(false);
    clock.advance(LET_GO_AFTER_MS / 2);
    hold.setShown(true);
    clock.advance(LET_GO_AFTER_MS);
    hold.setShown(false);
    clock.advance(LET_GO_AFTER_MS / 2);
    expect(calls).toEqual([]);
  });
});
