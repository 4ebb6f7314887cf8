import { describe, expect, it } from 'vitest';
import { SlotKeys } from './slot-keys.ts';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('SlotKeys', () => {
  it('keeps the key of every index still shown', () => {
    const slots = new SlotKeys();
    const first = slots.keysFor(range(0, 10));
    const second = slots.keysFor(range(2, 12));
    expect(second.slice(0, 8)).toEqual(first.slice(2, 10));
  });

  it('hands the keys of rows that left to rows that came, making no new key', () => {
    const slots = new SlotKeys();
    const first = slots.keysFor(range(0, 10));
    const second = slots.keysFor(range(3, 13));
    expect(new Set(second)).toEqual(new Set(first));
    expect(second.slice(7).sort()).toEqual(first.slice(0, 3).sort());
  });

  it('gives every shown index its own key, through jumps and a growing window', () => {
    const slots = new SlotKeys();
    for (const indices of [range(0, 10), range(500, 510), range(505, 517), range(0, 4), range(40, 58)]) {
      const keys = slots.keysFor(indices);
      expect(new Set(keys).size).toBe(indices.length);
    }
  });

  it('makes new keys only when the window holds more rows than ever before', () => {
    const slots = new SlotKeys();
    slots.keysFor(range(0, 10));
    slots.keysFor(range(100, 105));
    const keys = slots.keysFor(range(200, 210));
    expect(Math.max(...keys)).toBe(9);
  });
});
