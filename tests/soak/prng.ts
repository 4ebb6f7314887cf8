/** A seeded generator (mulberry32): the same seed gives the same choices, so a failing cycle replays. */
export type Rng = () => number;

export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, list: readonly T[]): T => {
  const item = list[Math.floor(rng() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

/** An integer in [min, max]. */
export const between = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
