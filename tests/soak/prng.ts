import { SeededRandom } from '../../server/domain/seeded-random.ts';

/** A seeded generator (the simulator's mulberry32): the same seed gives the same choices, so a failing cycle replays. */
export type Rng = () => number;

export function seededRng(seed: number): Rng {
  const random = new SeededRandom(seed);
  return () => random.next() / 4_294_967_296;
}

export const pick = <T>(rng: Rng, list: readonly T[]): T => {
  const item = list[Math.floor(rng() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

/** An integer in [min, max]. */
export const between = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
