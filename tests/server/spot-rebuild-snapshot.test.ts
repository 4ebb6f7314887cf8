import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../server/db/open-database.ts';
import { systemClock } from '../../server/services/clock.ts';
import { MarketCatalog } from '../../server/services/market/market-catalog.ts';
import { SpotBooks } from '../../server/services/market/spot-books.ts';
import { OPEN_STATES, recordOf } from '../../server/services/market/spot-order-state.ts';
import { loadConfig } from '../../server/src/config.ts';
import { fund, makeUser, type TestUser } from './helpers/money.ts';
import { depth, limit, trade } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * A follower's rebuild of the spot books (SpotBooks.rebuild) reads one snapshot of the open orders,
 * even in pages of one row, while the engine matches on another connection. The load is a
 * ping-pong at one price: each order takes the one resting before it and rests its own remainder,
 * so every committed state has exactly one such order on the book. A rebuild that read its pages
 * outside one snapshot would see the old order on one page and the new one that took it on the
 * next: a book that crosses (restore throws), or two or none at that price.
 */
/** Ping-pong orders placed while the follower rebuilds again and again. */
const PINGS = 200;
const PING = '60000';
/** Resting orders per side away from the ping-pong price (few: a rebuild's time is best spent near the ping-pong). */
const BACKGROUND = 4;

/**
 * Each statement's answer after the event loop's pending I/O, as over a network: the engine commits between the
 * follower's statements (SQLite answers synchronously, so without it a rebuild would rarely span a commit).
 */
class SlowAnswers implements KyselyPlugin {
  transformQuery: KyselyPlugin['transformQuery'] = (args) => args.node;
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await new Promise((resolve) => setImmediate(resolve));
    return args.result;
  }
}

describe('rebuilding the books while the engine matches', () => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let follower: DbHandle;
  let books: SpotBooks;
  let btcId: number;

  beforeAll(async () => {
    t = await startTestServer();
    alice = await makeUser(t, 'rebuild-alice@example.com');
    bob = await makeUser(t, 'rebuild-bob@example.com');
    await fund(t, alice.uid, 'USDT', '1000000');
    await fund(t, bob.uid, 'BTC', '20');
    for (let i = 0; i < BACKGROUND; i += 1) {
      await limit(t, alice, 'buy', String(50_000 + i), '0.001');
      await limit(t, bob, 'sell', String(70_000 + i), '0.001');
    }
    follower = openDatabase(loadConfig(t.dbEnv));
    const catalog = new MarketCatalog({ db: follower.db, dialect: follower.dialect, clock: systemClock, log: { info: () => undefined, warn: () => undefined } });
    await catalog.ready();
    btcId = catalog.named('BTC/USDT')!.id;
    books = new SpotBooks(catalog, 1);
  }, 120_000);
  afterAll(async () => {
    await follower?.close();
    await t?.close();
  });

  /** The follower's BTC book: best prices, and the orders resting at the ping-pong price. */
  function view() {
    const book = books.book(btcId);
    const at = [...books.openOrders()].filter((o) => o.symbolId === btcId && o.priceTicks === Number(PING) * 10);
    return { bid: book.bestBid(), ask: book.bestAsk(), atPing: at.length };
  }

  it(`rebuilds in pages of one row during ${PINGS} matching orders: never a crossing book, always one committed state`, async () => {
    await limit(t, bob, 'sell', PING, '0.001');
    let running = true;
    let placed = 0;
    let rebuilt = 0;
    const load = async () => {
      try {
        for (let i = 0; i < PINGS; i += 1) {
          const side = i % 2 === 0 ? 'buy' : 'sell';
          const answer = await trade(t, side === 'buy' ? alice : bob, { symbol: 'BTC/USDT', type: side, target_price: PING, amount: '0.002' });
          if (answer.body.type !== 'ok') throw new Error(`order refused: ${JSON.stringify(answer.body)}`);
          placed += 1;
        }
      } finally {
        running = false;
      }
    };
    const rebuilds = async () => {
      const problems: string[] = [];
      for (let i = 0; running; i += 1) {
        await new Promise((r) => setTimeout(r, i % 3));
        rebuilt += 1;
        try {
          await books.rebuild(follower.db.withPlugin(new SlowAnswers()));
        } catch (error) {
          problems.push(`rebuild ${i}: ${(error as Error).message}`);
          continue;
        }
        const v = view();
        if (v.bid === null || v.ask === null || v.bid >= v.ask) problems.push(`rebuild ${i}: bid ${v.bid} ask ${v.ask}`);
        if (v.atPing !== 1) problems.push(`rebuild ${i}: ${v.atPing} orders at ${PING}`);
      }
      return problems;
    };
    const [problems] = await Promise.all([rebuilds(), load()]);
    expect(problems).toEqual([]);
    expect(placed).toBe(PINGS);
    expect(rebuilt).toBeGreaterThanOrEqual(10);

    // At rest: the rebuilt book is the database's open orders and the engine's depth.
    await books.rebuild(follower.db);
    const open = await follower.db.selectFrom('spot_orders').selectAll().where('state', 'in', [...OPEN_STATES]).where('symbol_id', '=', btcId).orderBy('id').execute();
    expect([...books.openOrders()].filter((o) => o.symbolId === btcId).map((o) => o.id).sort((a, b) => a - b)).toEqual(open.map((row) => recordOf(row).id));
    const engine = await depth(t);
    const follows = books.book(btcId).depth(50);
    expect(follows.bids.length).toBe(engine.bids.length);
    expect(follows.asks.length).toBe(engine.asks.length);
    expect(follows.bids[0]?.[0]).toBe(Number(engine.bids[0]?.[0]) * 10);
    expect(follows.asks[0]?.[0]).toBe(Number(engine.asks[0]?.[0]) * 10);
  }, 240_000);
});
