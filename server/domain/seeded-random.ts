/**
 * A small deterministic generator (mulberry32): the same seed gives the simulator the same history
 * and bot decisions, and the soak and the benches the same requests. Integers only; nothing here
 * touches money, and the callers turn its integers into ticks and lots with integer arithmetic.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A 32-bit unsigned integer. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return n <= 1 ? 0 : this.next() % n;
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  /** True with probability perMillion / 1,000,000. */
  chance(perMillion: number): boolean {
    return this.int(1_000_000) < perMillion;
  }

  /**
   * A bell-shaped integer with mean 0 and standard deviation about `sd` (the sum of four uniform
   * draws: close enough to normal for a price walk, and never unbounded).
   */
  bell(sd: number): number {
    // Four uniforms on [-u, u] have variance 4u^2/3; u = sd * sqrt(3)/2 ~ sd * 866/1000.
    const u = Math.max(1, Math.round((sd * 866) / 1000));
    let sum = 0;
    for (let i = 0; i < 4; i += 1) sum += this.between(-u, u);
    return sum;
  }
}

/** A stable 32-bit number for a text (the symbol), so each pair gets its own stream from one seed. */
export function hashText(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
