import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdleEach } from './when-idle-each.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** requestIdleCallback under test control: each callback runs only when the test says so. */
function idleCallbacks() {
  const pending = new Map<number, () => void>();
  let id = 0;
  vi.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout: number }) => {
    expect(options).toEqual({ timeout: 2000 });
    pending.set(++id, callback);
    return id;
  });
  vi.stubGlobal('cancelIdleCallback', (which: number) => pending.delete(which));
  return {
    get size() {
      return pending.size;
    },
    runOne() {
      const [first] = pending;
      if (!first) throw new Error('no idle callback is pending');
      pending.delete(first[0]);
      first[1]();
    },
  };
}

describe('whenIdleEach', () => {
  it('runs one task per idle period, in order', () => {
    const idle = idleCallbacks();
    const ran: string[] = [];
    whenIdleEach([() => ran.push('socket'), () => ran.push('worker'), () => ran.push('rates')], 2000);
    expect(ran).toEqual([]);
    expect(idle.size).toBe(1);
    idle.runOne();
    expect(ran).toEqual(['socket']);
    expect(idle.size).toBe(1);
    idle.runOne();
    idle.runOne();
    expect(ran).toEqual(['socket', 'worker', 'rates']);
    expect(idle.size).toBe(0);
  });

  it('goes on after a task that throws', () => {
    const idle = idleCallbacks();
    const after = vi.fn();
    whenIdleEach(
      [
        () => {
          throw new Error('boom');
        },
        after,
      ],
      2000,
    );
    expect(() => idle.runOne()).toThrow('boom');
    idle.runOne();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('cancels the tasks not yet run', () => {
    const idle = idleCallbacks();
    const first = vi.fn();
    const second = vi.fn();
    const stop = whenIdleEach([first, second], 2000);
    idle.runOne();
    stop();
    expect(idle.size).toBe(0);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });
});
