import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../contract/api/market.ts';
import type { Outcome } from '../../server/domain/outcome.ts';
import { OPEN_ORDERS_MAX } from '../../server/domain/spot-order-rules.ts';
import { remainingLots, recordOf } from '../../server/services/market/spot-order-state.ts';
import { balance, fund, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { wholeChecks } from './helpers/whole-checks.ts';
import { depth, expectBalancedLedger, limit, orders, trade } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { marketOf } from '../../server/modules/market/module.ts';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
const crowd: TestUser[] = [];

beforeAll(async () => {
  // One address sends every request: at soak:props' 10,000 runs, more than the public limit a minute.
  t = await startTestServer({ rateLimitPerMin: 1_000_000 });
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '10000');
  await fund(t, bob.uid, 'BTC', '1');
  for (const name of ['c1', 'c2', 'c3', 'c4']) {
    const user = await makeUser(t, `${name}@example.com`);
    await fund(t, user.uid, 'USDT', '5000');
    await fund(t, user.uid, 'SOL', '50');
    crowd.push(user);
  }
});
afterAll(async () => {
  await t?.close();
});

async function breakTradeInserts(on: boolean): Promise<void> {
  const { db, dialect } = t.server;
  if (dialect === 'sqlite') {
    if (on) await sql`create trigger fail_trades before insert on spot_trades begin select raise(abort, 'injected failure'); end`.execute(db);
    else await sql`drop trigger fail_trades`.execute(db);
    return;
  }
  if (on) {
    await sql`create or replace function fail_trades() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(db);
    await sql`create trigger fail_trades before insert on spot_trades for each row execute function fail_trades()`.execute(db);
  } else {
    await sql`drop trigger fail_trades on spot_trades`.execute(db);
  }
}

describe('a transaction that fails', () => {
  it('changes nothing, the book is rebuilt from the database, and the other orders of its batch still go through', async () => {
    const ask = await limit(t, bob, 'sell', '60000', '0.01');
    const usdt = await balance(t, alice, 'USDT');
    await breakTradeInserts(true);
    try {
      const [crossing, ...others] = await Promise.all([
        trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: '0.005' }),
        ...[1, 2, 3].map((i) => trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: String(50000 + i), amount: '0.001' })),
      ]);
      expect(crossing?.body).toMatchObject({ type: 'error', code: 'COMMON.INTERNAL' });
      expect(others.map((a) => a.body.type)).toEqual(['ok', 'ok', 'ok']);
    } finally {
      await breakTradeInserts(false);
    }
    expect((await depth(t)).asks).toEqual([['60000', '0.01']]);
    expect((await orders(t, bob, 'open')).data).toEqual([expect.objectContaining({ id: ask.id, state: 'open', filled: '0' })]);
    expect(await balance(t, alice, 'USDT')).toMatchObject({ available: String(Number(usdt.available) - 150.006), frozen: '150.006' });
    expect(await t.server.db.selectFrom('spot_trades').select('id').execute()).toEqual([]);
    await expectBalancedLedger(t);

    const again = await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: '0.005' });
    expect(again.body).toMatchObject({ type: 'ok', message: { state: 'filled', filled: '0.005' } });
    expect((await depth(t)).asks).toEqual([['60000', '0.005']]);
    expect(await t.server.db.selectFrom('spot_trades').select('id').execute()).toHaveLength(1);
    await expectBalancedLedger(t);
  });
});

describe('a balance that changes between the read and the write (SQLite writer thread)', () => {
  it('rolls the batch back instead of overwriting it', async () => {
    if (t.server.dialect !== 'sqlite') return; // PostgreSQL locks the rows it reads (SELECT ... FOR UPDATE) instead.
    const { db } = t.server;
    const usdt = (await db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow()).id;
    const before = await balance(t, alice, 'USDT');
    const orderCount = (await db.selectFrom('spot_orders').select('id').execute()).length;
    // Stands in for another writer (the ops CLI, a withdrawal) moving the same balance after it was read.
    await sql`create trigger bump_balance after insert on ledger_journals begin
      update ledger_accounts set available_minor = cast(cast(available_minor as integer) + 1 as text), updated_at = updated_at
      where user_id = ${sql.lit(alice.uid)} and name = 'change' and currency_id = ${sql.lit(usdt)}; end`.execute(db);
    try {
      const refused = await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '40000', amount: '0.001' });
      expect(refused.body).toMatchObject({ type: 'error', code: 'COMMON.INTERNAL' });
    } finally {
      await sql`drop trigger bump_balance`.execute(db);
    }
    expect(await balance(t, alice, 'USDT')).toEqual(before);
    expect((await db.selectFrom('spot_orders').select('id').execute()).length).toBe(orderCount);
    await expectBalancedLedger(t);
    expect((await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '40000', amount: '0.001' })).body.type).toBe('ok');
    await expectBalancedLedger(t);
  });
});

describe('random order streams', () => {
  const command = fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('limit' as const), who: fc.nat(3), side: fc.constantFrom('buy', 'sell'), ticks: fc.integer({ min: -6, max: 6 }), lots: fc.integer({ min: 1, max: 40 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('market' as const), who: fc.nat(3), side: fc.constantFrom('buy', 'sell'), lots: fc.integer({ min: 1, max: 60 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), who: fc.nat(3), pick: fc.nat() }) },
  );

  const openSolOrders = async (userId: number): Promise<number> => {
    const row = await t.server.db.selectFrom('spot_orders as o').innerJoin('market_symbols as s', 's.id', 'o.symbol_id')
      .select((eb) => eb.fn.countAll<string | number>().as('n')).where('s.symbol', '=', 'SOL/USDT').where('o.user_id', '=', userId).where('o.state', 'in', ['open', 'partial']).executeTakeFirst();
    return Number(row?.n ?? 0);
  };

  it('keep the ledger balanced, the book uncrossed, and the engine equal to the database', async () => {
    const spot = marketOf(t.server.modules).spotOrders;
    const placed: SpotOrder[] = [];
    const wholeCheckDue = wholeChecks(12);
    await fc.assert(fc.asyncProperty(fc.array(fc.array(command, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 6 }), async (rounds) => {
      // This run's orders come after it; all of them are checked with the ledger.
      const lastOrder = Number((await t.server.db.selectFrom('spot_orders').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
      for (const round of rounds) {
        // Each round is sent at once, so several commands share a batch.
        const outcomes = await Promise.all(round.map(async (c): Promise<Outcome<SpotOrder>> => {
          const user = crowd[c.who % crowd.length] as TestUser;
          if (c.kind === 'cancel') {
            // The latest orders: at 10,000 runs (soak:props) the whole list would be a million.
            const mine = placed.slice(-200).filter((o) => o.symbol === 'SOL/USDT');
            const target = mine[c.pick % Math.max(1, mine.length)];
            return target ? spot.cancel(user.uid, target.id) : spot.cancel(user.uid, 1);
          }
          const price = c.kind === 'limit' ? (150 + c.ticks * 0.01).toFixed(2) : undefined;
          return spot.place(user.uid, { symbol: 'SOL/USDT', side: c.side, amount: (c.lots * 0.1).toFixed(1), price }, newKey());
        }));
        for (const [i, o] of outcomes.entries()) {
          if (o.ok) placed.push(o.value);
          else if (o.code === 'ORDER.TOO_MANY_OPEN') {
            // Cancels reach only the latest orders, so over soak:props' runs a user fills the cap.
            // Orders of the same round may have filled or been cancelled since the refusal.
            expect(await openSolOrders((crowd[round[i]!.who % crowd.length] as TestUser).uid)).toBeGreaterThanOrEqual(OPEN_ORDERS_MAX - round.length);
          } else expect(['WALLET.INSUFFICIENT_BALANCE', 'ORDER.NO_LIQUIDITY', 'ORDER.NOT_FOUND', 'ORDER.NOT_OPEN', 'ORDER.MIN_NOTIONAL']).toContain(o.code);
        }
      }
      const whole = wholeCheckDue();
      if (whole) await expectBalancedLedger(t);
      const { bids, asks } = await depth(t, 'SOL/USDT');
      if (bids[0] && asks[0]) expect(Number(bids[0][0])).toBeLessThan(Number(asks[0][0]));
      const rows = await t.server.db.selectFrom('spot_orders').selectAll().where('id', '>', whole ? 0 : lastOrder).execute();
      const rules = marketOf(t.server.modules).markets.catalog.named('SOL/USDT');
      if (!rules) throw new Error('no SOL/USDT');
      const book = marketOf(t.server.modules).markets.book(rules);
      for (const row of rows.filter((r) => Number(r.symbol_id) === rules.id)) {
        const o = recordOf(row);
        expect(o.filledMinor).toBeLessThanOrEqual(o.amountMinor);
        const resting = book.get(o.id);
        if (o.state === 'open' || o.state === 'partial') {
          expect(resting, `order ${o.id}`).toMatchObject({ userId: o.userId, side: o.side, priceTicks: o.priceTicks, lots: remainingLots(rules, o) });
        } else {
          expect(resting, `order ${o.id}`).toBeUndefined();
          expect(o.holdMinor).toBe(0n);
        }
      }
    }), { numRuns: 12 });
    await expectBalancedLedger(t);
    // The streams did trade and cancel (the property is not vacuous).
    const solTrades = await t.server.db.selectFrom('spot_trades as t').innerJoin('market_symbols as s', 's.id', 't.symbol_id').select('t.id').where('s.symbol', '=', 'SOL/USDT').execute();
    expect(solTrades.length).toBeGreaterThan(5);
    expect(placed.filter((o) => o.state === 'cancelled').length).toBeGreaterThan(0);
  });
});
