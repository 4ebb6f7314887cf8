import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketSymbol, PublicTrade, Quotation } from '../../contract/api/market.ts';
import { depositPostings } from '../../server/domain/journal-builders.ts';
import { PAIRS_VERSION } from '../../server/services/market/market-catalog.ts';
import { writeTransaction } from '../../server/services/write-transaction.ts';
import { fund, makeUser, type TestUser } from './helpers/money.ts';
import { cancel, depth, expectBalancedLedger, limit, trade } from './helpers/spot.ts';
import { StreamSockets } from './helpers/stream-socket.ts';
import { eventually, opsAnswer } from './helpers/server-process.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const PAIR = 'BRSK/USDT';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
const sockets = new StreamSockets();

const ops = (...args: string[]) => opsAnswer(t.dbEnv, 'pair-add-test', ...args);


const symbols = () => t.ok<MarketSymbol[]>('/api/market/symbols', { method: 'GET' });
const pairRows = () => t.server.db.selectFrom('market_symbols').selectAll().orderBy('id').execute();
const version = async () => (await t.server.db.selectFrom('market_data_state').select('value').where('name', '=', PAIRS_VERSION).executeTakeFirst())?.value ?? null;

beforeAll(async () => {
  t = await startTestServer();
  // An IEO token, as the IEO module makes one when its project is created: a currency without a pair.
  const { db, dialect } = t.server;
  const sort = Number((await db.selectFrom('currencies').select((eb) => eb.fn.max('sort').as('s')).executeTakeFirst())?.s ?? 0) + 1;
  const token = await db.insertInto('currencies').values({ symbol: 'BRSK', name: 'Brisk Token', type: 'token', decimals: 6, image: '', status: 1, sort })
    .returning('id').executeTakeFirstOrThrow();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '100');
  await writeTransaction({ db, dialect }, async (trx) => {
    const booked = await t.server.services.ledger.book(trx, {
      kind: 'deposit', userId: bob.uid, refType: 'test', refId: 1, reversesJournalId: null, postings: depositPostings(bob.uid, token.id, 1000_000000n),
    });
    if (!booked.ok) throw new Error(booked.code);
  });
}, 60_000);
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
});

describe('ops pair-add while the server runs', () => {
  it('refuses an unknown currency, a duplicate pair and inexact rules, changing nothing', async () => {
    const before = await pairRows();
    const versionBefore = await version();

    const unknown = await ops('pair-add', 'NOPE/USDT', '--tick=0.01', '--lot=1');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no currency NOPE/);

    const duplicate = await ops('pair-add', 'BTC/USDT', '--tick=0.1', '--lot=0.00001');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/BTC\/USDT is in the pair list already \(#\d+, trading/);

    // One lot at one tick would be 0.0000001 USDT, below USDT's minor unit.
    const inexact = await ops('pair-add', PAIR, '--price-decimals=7', '--amount-decimals=0');
    expect(inexact.code).toBe(1);
    expect(inexact.stderr).toMatch(/not a whole number of USDT minor units/);

    const usage = await ops('pair-add', PAIR, '--price-decimals', '4');
    expect(usage.code).toBe(2);

    expect(await pairRows()).toEqual(before);
    expect(await version()).toBe(versionBefore);
    expect((await symbols()).some((s) => s.symbol === PAIR)).toBe(false);
  }, 60_000);

  it('lists the pair: the running engine takes orders on it and matches them without a restart', async () => {
    const refused = await trade(t, bob, { symbol: PAIR, type: 'sell', target_price: '0.05', amount: '100' });
    expect(refused.body).toMatchObject({ type: 'error', code: 'MARKET.SYMBOL_UNAVAILABLE' });

    const added = await ops('pair-add', PAIR, '--price-decimals=4', '--amount-decimals=2');
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^BRSK\/USDT listed \(#\d+, coin\): price step 0\.0001 USDT, amount step 0\.01 BRSK, minimum order 5 USDT, fees maker 0\.08% taker 0\.1%/);

    await eventually(async () => {
      expect((await symbols()).find((s) => s.symbol === PAIR)).toMatchObject({ base: 'BRSK', quote: 'USDT', tick_size: '0.0001', lot_size: '0.01', min_notional: '5', maker_fee: '0.0008', taker_fee: '0.001' });
    });
    const quotations = await t.ok<{ list: Quotation[] }>('/api/currency/quotation_new', { method: 'GET' });
    expect(quotations.list.map((q) => q.symbol)).toContain(PAIR);
    expect((await t.ok<Quotation[]>('/api/market/search', { method: 'GET', data: { q: 'brsk' } })).map((q) => q.symbol)).toEqual([PAIR]);

    // Its streams: the socket may subscribe, and hears the trade.
    const s = await sockets.connect(t);
    expect(await s.call('subscribe', { stream: 'trades', symbol: PAIR })).toEqual({ ok: true });
    expect(await s.call('subscribe', { stream: 'depth', symbol: PAIR })).toEqual({ ok: true });
    expect(await s.call('snapshot', { stream: 'trades', symbol: PAIR })).toMatchObject({ stream: 'trades', symbol: PAIR, trades: [] });

    const sell = await limit(t, bob, 'sell', '0.05', '150', PAIR);
    expect(sell.state).toBe('open');
    expect((await depth(t, PAIR)).asks).toEqual([['0.05', '150']]);
    const buy = await limit(t, alice, 'buy', '0.05', '100', PAIR);
    expect(buy).toMatchObject({ state: 'filled', filled: '100', avg_price: expect.stringMatching(/^0\.05/) as unknown });
    expect((await depth(t, PAIR)).asks).toEqual([['0.05', '50']]);
    const trades = await t.ok<PublicTrade[]>('/api/market/trades', { method: 'GET', data: { symbol: PAIR } });
    expect(trades.map((x) => [x.price, x.amount])).toEqual([['0.05', '100']]);
    const heard = await s.waitFor('trades', (p) => p.symbol === PAIR);
    expect(heard[0]).toMatchObject({ symbol: PAIR, trades: [{ price: '0.05', amount: '100' }] });
    await s.waitFor('depth', (p) => p.symbol === PAIR);
    await eventually(async () => {
      const q = (await t.ok<{ list: Quotation[] }>('/api/currency/quotation_new', { method: 'GET' })).list.find((x) => x.symbol === PAIR);
      expect(q).toMatchObject({ last: '0.05', volume_24h: '100' });
    });
    await expectBalancedLedger(t);
  }, 60_000);

  it('a second pair-add of the same pair is refused', async () => {
    const before = await pairRows();
    const again = await ops('pair-add', 'brsk_usdt', '--tick=0.001', '--lot=1');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/BRSK\/USDT is in the pair list already/);
    expect(await pairRows()).toEqual(before);
  }, 30_000);

  it('pair-halt takes it off the lists and refuses new orders, resting ones stay cancellable; pair-resume lists it again', async () => {
    const resting = (await t.ok<{ data: { id: number; symbol: string; state: string }[] }>('/api/coin/list', { method: 'GET', token: bob.token, data: { status: 'open' } })).data
      .find((o) => o.symbol === PAIR);
    expect(resting).toBeDefined();
    const halted = await ops('pair-halt', PAIR);
    expect(halted.code).toBe(0);
    await eventually(async () => {
      expect((await symbols()).some((s) => s.symbol === PAIR)).toBe(false);
    });
    expect((await trade(t, alice, { symbol: PAIR, type: 'buy', target_price: '0.05', amount: '100' })).body).toMatchObject({ type: 'error', code: 'MARKET.SYMBOL_UNAVAILABLE' });
    expect((await cancel(t, bob, resting!.id)).body).toMatchObject({ type: 'ok', message: { state: 'cancelled' } });
    expect((await ops('pair-halt', PAIR)).stderr).toMatch(/halted already/);

    expect((await ops('pair-resume', PAIR)).code).toBe(0);
    await eventually(async () => {
      expect((await symbols()).some((s) => s.symbol === PAIR)).toBe(true);
    });
    expect((await trade(t, bob, { symbol: PAIR, type: 'sell', target_price: '0.06', amount: '100' })).body).toMatchObject({ type: 'ok' });
    await expectBalancedLedger(t);
  }, 60_000);

  it('every pair command is in the audit, refusals too', async () => {
    const rows = await t.server.db.selectFrom('ops_audit').select(['operator', 'command', 'args', 'result', 'detail']).where('command', 'like', 'pair-%').orderBy('id').execute();
    expect(rows.map((r) => [r.command, r.result])).toEqual([
      ['pair-add', 'error'], ['pair-add', 'error'], ['pair-add', 'error'], ['pair-add', 'error'], ['pair-add', 'ok'], ['pair-add', 'error'],
      ['pair-halt', 'ok'], ['pair-halt', 'error'], ['pair-resume', 'ok'],
    ]);
    const listed = rows[4]!;
    expect(listed.operator).toBe('pair-add-test');
    expect(listed.args).toContain('--price-decimals=4');
    expect(listed.detail).toMatch(/^BRSK\/USDT listed/);
    const list = await ops('pair-list');
    expect(list.stdout).toMatch(/BRSK\/USDT\s+coin\s+0\.0001\s+0\.01\s+5\s+0\.08%\s+0\.1%\s+trading/);
  }, 30_000);
});
