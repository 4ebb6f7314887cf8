import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceTextToTicks, ticksToText } from '../../server/domain/futures-prices.ts';
import type { ContractSymbol } from '../../server/services/contracts/contract-directory.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { wholeChecks } from './helpers/whole-checks.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { fund, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { walletOf } from '../../server/modules/wallet/module.ts';
import { contractsOf } from '../../server/modules/contracts/module.ts';

/**
 * Random sequences of futures opens (market and limit, with stops), price moves (up to 40 % in one
 * step, so gaps through liquidation happen), closes, batch closes, cancels, overnight days and
 * seconds options, run through the services on the real database with the trigger loop in between.
 * After each sequence: the ledger check passes (every journal and currency sums to zero, no user
 * balance below zero, frozen equals margins, holds and stakes) and every expired option has settled
 * exactly once (one settlement journal, never two).
 */
let c: ContractsServer;
const users: TestUser[] = [];
const symbols: ContractSymbol[] = [];
const START = { 'BTC/USDT': '60000', 'ETH/USDT': '3000' } as const;

beforeAll(async () => {
  c = await startContractsServer();
  for (const [symbol, price] of Object.entries(START)) c.setMark(symbol, price);
  for (const name of ['q1', 'q2', 'q3']) {
    const user = await makeUser(c.t, `${name}@example.com`);
    await fundAccount(c.t, user, '1000', 'lever');
    await fundAccount(c.t, user, '500', 'micro');
    users.push(user);
  }
  for (const symbol of Object.keys(START)) {
    const found = await contractsOf(c.t.server.modules).directory.find({ symbol });
    if (!found.ok) throw new Error(symbol);
    symbols.push(found.value);
  }
});
afterAll(async () => {
  await c?.t.close();
});

const who = fc.integer({ min: 0, max: 2 });
const sym = fc.integer({ min: 0, max: 1 });
const pct = fc.integer({ min: -400, max: 400 }); // per mille
const open = fc.record({ kind: fc.constant('open' as const), who, sym, long: fc.boolean(), multiple: fc.constantFrom(5, 10, 20, 50, 100), lots: fc.integer({ min: 1, max: 120 }),
  limit: fc.boolean(), offset: fc.integer({ min: -50, max: 50 }), tp: fc.option(fc.integer({ min: 1, max: 100 })), sl: fc.option(fc.integer({ min: 1, max: 100 })) });
const move = fc.record({ kind: fc.constant('move' as const), sym, pct });
const op = fc.oneof(
  { arbitrary: open, weight: 4 },
  { arbitrary: move, weight: 3 },
  fc.record({ kind: fc.constant('close' as const), who, pick: fc.nat() }),
  fc.record({ kind: fc.constant('batch' as const), who, type: fc.constantFrom('all' as const, 'longs' as const, 'shorts' as const) }),
  fc.record({ kind: fc.constant('cancel' as const), who, pick: fc.nat() }),
  fc.record({ kind: fc.constant('day' as const) }),
  fc.record({ kind: fc.constant('option' as const), who, sym, up: fc.boolean(), seconds: fc.constantFrom(30, 60), stake: fc.integer({ min: 5, max: 300 }) }),
  fc.record({ kind: fc.constant('wait' as const), seconds: fc.integer({ min: 1, max: 90 }), sym, pct: fc.integer({ min: -5, max: 5 }) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(list: readonly T[], index: number): T | undefined => list[index % Math.max(1, list.length)];
const call = (user: TestUser, endpoint: string) => ({ userId: user.uid, endpoint, key: newKey(), fields: { n: newKey() } });
const symbolAt = (i: number): ContractSymbol => symbols[i % symbols.length] as ContractSymbol;
const markOf = (symbol: ContractSymbol): bigint => priceTextToTicks(c.marks.get(symbol.symbol)?.price ?? '1') ?? 1n;
/** price x (1 + perMille / 1000), at least 1 tick, rounded to the symbol's tick. */
function shifted(symbol: ContractSymbol, perMille: number): bigint {
  const raw = (markOf(symbol) * BigInt(1000 + perMille)) / 1000n;
  const ticks = raw - (raw % symbol.tickTicks);
  return ticks > symbol.tickTicks ? ticks : symbol.tickTicks;
}

async function livePositions(user: TestUser, state: 'open' | 'pending') {
  return c.t.server.db.selectFrom('futures_positions').select('id').where('user_id', '=', user.uid).where('state', '=', state).orderBy('id').execute();
}

async function run(step: Op): Promise<void> {
  const { futures, options } = contractsOf(c.t.server.modules);
  const user = users[('who' in step ? step.who : 0) % users.length] as TestUser;
  switch (step.kind) {
    case 'open': {
      const symbol = symbolAt(step.sym);
      const side = step.long ? 'long' : 'short';
      const reference = step.limit ? shifted(symbol, step.offset) : markOf(symbol);
      const away = (perMille: number, up: boolean) => { const d = (reference * BigInt(perMille)) / 1000n; const p = up ? reference + d : reference - d; return p - (p % symbol.tickTicks); };
      const tp = step.tp === null ? null : away(step.tp, step.long);
      const sl = step.sl === null ? null : away(step.sl, !step.long);
      await futures.submit(call(user, 'lever/submit'), {
        symbol, side, multiple: step.multiple, lots: step.lots, orderType: step.limit ? 'limit' : 'market', limitTicks: step.limit ? reference : null,
        tpTicks: tp !== null && tp > 0n ? tp : null, slTicks: sl !== null && sl > 0n ? sl : null,
      });
      return;
    }
    case 'move': {
      const symbol = symbolAt(step.sym);
      c.setMark(symbol.symbol, ticksToText(shifted(symbol, step.pct)));
      await c.tick();
      return;
    }
    case 'close': {
      const target = pick(await livePositions(user, 'open'), step.pick);
      if (target) await futures.close(call(user, 'lever/close'), target.id);
      return;
    }
    case 'batch':
      await futures.batchClose(user.uid, step.type, undefined, undefined);
      return;
    case 'cancel': {
      const target = pick(await livePositions(user, 'pending'), step.pick);
      if (target) await futures.cancel(call(user, 'lever/cancel'), target.id);
      return;
    }
    case 'day':
      c.t.clock.advance(86_400_000);
      for (const symbol of symbols) c.setMark(symbol.symbol, ticksToText(markOf(symbol)));
      await c.tick();
      return;
    case 'option': {
      const currency = await c.t.server.services.currencies.usable('USDT');
      if (!currency.ok) throw new Error('USDT');
      await options.submit(call(user, 'microtrade/submit'), { symbol: symbolAt(step.sym), currency: currency.value, direction: step.up ? 'up' : 'down', seconds: step.seconds, stakeMinor: BigInt(step.stake) * 1_000_000n });
      return;
    }
    case 'wait': {
      c.t.clock.advance(step.seconds * 1000);
      const symbol = symbolAt(step.sym);
      c.setMark(symbol.symbol, ticksToText(shifted(symbol, step.pct)));
      await c.tick();
      return;
    }
  }
}

/** 1000 USDT into the lever account through the services (sessions may have expired as days pass). */
async function topUp(user: TestUser): Promise<void> {
  const s = { ...c.t.server.services, ...walletOf(c.t.server.modules) };
  await fund(c.t, user.uid, 'USDT', '1000');
  const usdt = await s.currencies.usable('USDT');
  if (!usdt.ok) throw new Error('USDT');
  const moved = await s.transfers.accountChange(call(user, 'wallet/change'), { currency: usdt.value, amountMinor: 1_000_000_000n, from: 'change', to: 'lever' });
  if (!moved.ok) throw new Error(moved.code);
}

/** Settlement journals per option, of the options after `afterId`. */
async function settleCounts(afterId: number): Promise<Map<number, number>> {
  const rows = await c.t.server.db.selectFrom('ledger_journals').select('ref_id').where('kind', '=', 'option_settle').where('ref_id', '>', afterId).execute();
  const counts = new Map<number, number>();
  for (const r of rows) if (r.ref_id !== null) counts.set(r.ref_id, (counts.get(r.ref_id) ?? 0) + 1);
  return counts;
}

describe('contracts under random sequences', () => {
  it('keep the ledger whole, no user below zero, and settle every option exactly once', async () => {
    const wholeCheckDue = wholeChecks(40);
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (steps) => {
      // This run's options come after it; all of them are checked with the ledger.
      const lastOption = Number((await c.t.server.db.selectFrom('seconds_options').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
      // Users who lost their balance in an earlier sequence get a fresh 1000 USDT, so opens keep happening.
      for (const user of users) {
        const lever = await c.t.server.db.selectFrom('ledger_accounts').select('available_minor').where('user_id', '=', user.uid).where('name', '=', 'lever').executeTakeFirst();
        if (BigInt(lever?.available_minor ?? '0') < 500_000_000n) await topUp(user);
      }
      for (const step of steps) await run(step);
      // Let every option expire and settle: a fresh mark after the longest expiry.
      c.t.clock.advance(120_000);
      for (const symbol of symbols) c.setMark(symbol.symbol, ticksToText(markOf(symbol)));
      await c.tick();
      await c.tick();
      const whole = wholeCheckDue();
      if (whole) expect((await checkLedger(c.t.server)).problems).toEqual([]);
      const negative = await c.t.server.db.selectFrom('ledger_accounts').select(['user_id', 'name', 'available_minor', 'frozen_minor']).where('user_id', '!=', 0).execute();
      expect(negative.filter((a) => BigInt(a.available_minor) < 0n || BigInt(a.frozen_minor) < 0n)).toEqual([]);
      const since = whole ? 0 : lastOption;
      const counts = await settleCounts(since);
      const all = await c.t.server.db.selectFrom('seconds_options').select(['id', 'state']).where('id', '>', since).execute();
      expect(all.filter((o) => o.state !== 'settled')).toEqual([]);
      expect(all.filter((o) => counts.get(o.id) !== 1).map((o) => [o.id, counts.get(o.id)])).toEqual([]);
      // Reset the marks for the next sequence so prices stay in a sane range.
      for (const [symbol, price] of Object.entries(START)) c.setMark(symbol, price);
    }), { numRuns: 40 });
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
    // The sequences did trade (opens are refused only for balance or limits).
    const traded = await c.t.server.db.selectFrom('futures_positions').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    expect(Number(traded?.n ?? 0)).toBeGreaterThan(10);
  });
});
