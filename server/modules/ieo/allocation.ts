/**
 * The IEO allocation, pure and in integers (token minor units). Binance Launchpad's rule: each user
 * is allocated committed / total committed x supply, capped per user; a capped user's excess is
 * shared among the others until nobody passes their cap. Here a user's "cap" is their demand,
 * min(tokens subscribed, the project's per-user allocation cap), so nobody gets more than they paid
 * for either. Shares are whole minor units summing to the supply exactly (PRODUCT-RULES.md): each
 * floor(rest x w / W), the units left over handed out by largest remainder, ties to the earliest
 * subscription, then the lowest user id.
 *
 * The allocation is a rule (a few numbers fixed once over every subscription) applied to each
 * subscription alone (`allocationOf`), so a sale of 100,000 subscriptions pays out in batches that
 * each apply the rule to their own rows, and the preview applies the same rule to a what-if.
 */

export interface AllocationEntry {
  /** The subscriber (the tie-break's last key; one entry per user and project). */
  userId: number;
  /** Tokens subscribed, in minor units (> 0). */
  weight: bigint;
  /** ISO time of the user's first order on the project (the tie-break's first key). */
  firstAt: string;
}

/** Where the last unit of the leftover went: entries at or before it in remainder order get one. */
export interface Cutoff {
  remainder: bigint;
  firstAt: string;
  userId: number;
}

/**
 * full: the demands fit the supply, everyone gets their demand.
 * pro_rata: oversubscribed. A user whose demand x restWeight <= rest x weight is capped at the demand;
 * every other gets floor(rest x weight / restWeight), plus one unit if at or before `cutoff`.
 */
export type AllocationRule =
  | { kind: 'full'; cap: bigint }
  | { kind: 'pro_rata'; cap: bigint; rest: bigint; restWeight: bigint; cutoff: Cutoff | null };

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** What a user can be allocated at most: what they subscribed for, and never past the cap. */
export const demandOf = (weight: bigint, cap: bigint): bigint => min(weight, cap);

/** Remainder order: larger remainder first, then the earlier first order, then the lower user id. */
function before(a: Cutoff, b: Cutoff): number {
  if (a.remainder !== b.remainder) return a.remainder > b.remainder ? -1 : 1;
  if (a.firstAt !== b.firstAt) return a.firstAt < b.firstAt ? -1 : 1;
  return a.userId - b.userId;
}

/**
 * Fixes the rule for a sale of `supply` units with per-user cap `cap` over every subscription.
 * Water-filling in one pass: in increasing order of demand / weight, a user whose pro-rata share of
 * what is left would reach their demand is capped there (what is left per unit of weight only grows
 * as users are capped), and the first one that is not ends the pass: every later one has a larger
 * demand / weight and is not capped either.
 */
export function allocationRule(supply: bigint, cap: bigint, entries: readonly AllocationEntry[]): AllocationRule {
  if (supply < 0n || cap < 0n) throw new Error('supply and cap cannot be negative');
  let demand = 0n;
  for (const e of entries) {
    if (e.weight <= 0n) throw new Error(`user ${e.userId}: a subscription weighs more than nothing`);
    demand += demandOf(e.weight, cap);
  }
  if (demand <= supply) return { kind: 'full', cap };
  const order = entries.map((e) => ({ e, d: demandOf(e.weight, cap) }));
  // d_a / w_a < d_b / w_b  <=>  d_a x w_b < d_b x w_a
  order.sort((a, b) => {
    const l = a.d * b.e.weight;
    const r = b.d * a.e.weight;
    return l < r ? -1 : l > r ? 1 : 0;
  });
  let rest = supply;
  let restWeight = 0n;
  for (const { e } of order) restWeight += e.weight;
  let i = 0;
  for (; i < order.length; i += 1) {
    const { e, d } = order[i]!;
    if (d * restWeight > rest * e.weight) break;
    rest -= d;
    restWeight -= e.weight;
  }
  // Every demand capped would mean they all fit the supply, which the sum above ruled out.
  if (i === order.length || restWeight === 0n) throw new Error('allocation: every user capped in an oversubscribed sale');
  const uncapped = order.slice(i).map(({ e }) => ({ remainder: (rest * e.weight) % restWeight, firstAt: e.firstAt, userId: e.userId, base: (rest * e.weight) / restWeight }));
  let handed = 0n;
  for (const u of uncapped) handed += u.base;
  const leftover = Number(rest - handed);
  if (leftover < 0 || leftover >= uncapped.length) throw new Error(`allocation: ${leftover} units left over for ${uncapped.length} users`);
  if (leftover === 0) return { kind: 'pro_rata', cap, rest, restWeight, cutoff: null };
  uncapped.sort(before);
  const last = uncapped[leftover - 1]!;
  return { kind: 'pro_rata', cap, rest, restWeight, cutoff: { remainder: last.remainder, firstAt: last.firstAt, userId: last.userId } };
}

/** One subscription's allocation under the rule (token minor units). */
export function allocationOf(rule: AllocationRule, entry: AllocationEntry): bigint {
  const demand = demandOf(entry.weight, rule.cap);
  if (rule.kind === 'full') return demand;
  const share = rule.rest * entry.weight;
  if (demand * rule.restWeight <= share) return demand;
  const base = share / rule.restWeight;
  const remainder = share % rule.restWeight;
  const bonus = rule.cutoff !== null && before({ remainder, firstAt: entry.firstAt, userId: entry.userId }, rule.cutoff) <= 0;
  return bonus ? base + 1n : base;
}

/** Every entry's allocation, in the entries' order. */
export function allocate(supply: bigint, cap: bigint, entries: readonly AllocationEntry[]): bigint[] {
  const rule = allocationRule(supply, cap, entries);
  return entries.map((e) => allocationOf(rule, e));
}

/** The rule as JSON text (bigints as digit strings), for the project row. */
export function ruleToText(rule: AllocationRule): string {
  return JSON.stringify(rule, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

interface RuleJson {
  kind: 'full' | 'pro_rata';
  cap: string;
  rest?: string;
  restWeight?: string;
  cutoff?: { remainder: string; firstAt: string; userId: number } | null;
}

export function ruleFromText(text: string): AllocationRule {
  const j = JSON.parse(text) as RuleJson;
  if (j.kind === 'full') return { kind: 'full', cap: BigInt(j.cap) };
  const cutoff = j.cutoff ? { remainder: BigInt(j.cutoff.remainder), firstAt: j.cutoff.firstAt, userId: j.cutoff.userId } : null;
  return { kind: 'pro_rata', cap: BigInt(j.cap), rest: BigInt(j.rest ?? '0'), restWeight: BigInt(j.restWeight ?? '1'), cutoff };
}
