import type { DueHandler, DueItem, DueResult } from '../../services/due-work/due-work.ts';
import type { LedgerService } from '../../services/ledger/ledger-service.ts';
import { iso, type Log, type ServiceContext } from '../../services/service-context.ts';
import type { Tx } from '../../services/write-transaction.ts';
import { EARN_SETTLE_KIND, FIXING_GRACE_MS } from './earn-due.ts';
import { earnDb, loadCoins } from './earn-products.ts';
import { settleOrders } from './earn-settle-batch.ts';
import { orderTerms, type CoinsById, type EarnOrderRow } from './earn-views.ts';
import { EARN_KINDS, fixingPrice, fixingWindowStart, settle, settlementPostings, type MinuteClose } from './rules.ts';

const orderIdOf = (item: DueItem): number => Number(item.key.slice('order:'.length));

/** How soon an order whose fixing price is not known yet is tried again. */
const WAIT_MS = 5_000;
/** How soon a settlement whose journal was refused is tried again (an operator may need to look). */
const FAILED_RETRY_MS = 60_000;

/** The 1-minute closes of a pair (from the market module's candles), oldest first, with the one before `fromMs`. */
export interface MinuteCloseSource {
  closes(symbol: string, fromMs: number, toMs: number): Promise<MinuteClose[]>;
}

/**
 * Settles earn orders exactly once, as due work keyed by the order's id. The handler reads the
 * order and its pair's fixing through the item's transaction (never the shared connection), flips
 * the order to completed only if it is still unsettled, and books the one journal: the frozen
 * deposit to the house, the payout from the house to the user's available finance balance. No
 * fixing yet: the order shows `settling` and the item waits. A refused journal: `failed`, retried.
 */
export class EarnSettlement {
  private coins: CoinsById | null = null;
  /** Fixings never change once recorded: one read per pair and time, not per order. */
  private readonly fixings = new Map<string, bigint>();

  constructor(private readonly ctx: ServiceContext, private readonly ledger: LedgerService) {}

  readonly handlers: readonly DueHandler[] = [{
    kind: EARN_SETTLE_KIND,
    run: (trx, item, now) => this.run(trx, orderIdOf(item), now),
    // Orders maturing together (a product's fixing time) settle in groups: earn-settle-batch.ts.
    runMany: (trx, items, now) => settleOrders(this.ctx, trx, items.map(orderIdOf), now, {
      fixing: (t, symbol, at) => this.fixing(t, symbol, at),
      coins: async (t) => (this.coins ??= await loadCoins(t)),
      waitMs: WAIT_MS,
      failedRetryMs: FAILED_RETRY_MS,
    }),
  }];

  private async run(trx: Tx, id: number, now: Date): Promise<DueResult> {
    const db = earnDb(trx);
    const row = await db.selectFrom('earn_orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.state === 'completed') return { done: true };
    const price = await this.fixing(trx, row.symbol, row.fixing_at);
    if (price === null) {
      await db.updateTable('earn_orders').set({ state: 'settling' }).where('id', '=', id).where('state', '=', 'purchased').execute();
      return { done: false, notYet: new Date(now.getTime() + WAIT_MS) };
    }
    this.coins ??= await loadCoins(trx);
    return this.settleIn(trx, row, price, this.coins, now);
  }

  private async settleIn(trx: Tx, row: EarnOrderRow, price: bigint, coins: CoinsById, now: Date): Promise<DueResult> {
    const db = earnDb(trx);
    const payout = settle(orderTerms(row, coins), price);
    const payoutCurrency = payout.side === 'coin' ? row.coin_id : row.quote_id;
    const flipped = await db.updateTable('earn_orders').set({
      state: 'completed', settle_price_ticks: price.toString(), payout_currency_id: payoutCurrency, payout_minor: payout.amountMinor.toString(),
      interest_minor: payout.interestMinor.toString(), settled_at: iso(now), last_error: null,
    }).where('id', '=', row.id).where('state', 'in', ['purchased', 'settling', 'failed']).executeTakeFirst();
    if ((flipped.numUpdatedRows ?? 0n) !== 1n) return { done: true };
    const kind = row.product === 'dual' ? EARN_KINDS.dualSettle : EARN_KINDS.investSettle;
    const journal = await this.ledger.book(trx, {
      kind, userId: row.user_id, refType: 'earn_order', refId: row.id, reversesJournalId: null,
      postings: settlementPostings(row.user_id, row.principal_currency_id, BigInt(row.principal_minor), payoutCurrency, payout.amountMinor, kind),
    });
    if (journal.ok) return { done: true };
    this.ctx.log.warn({ order: row.id, code: journal.code }, 'earn settlement refused by the ledger; retrying');
    await db.updateTable('earn_orders').set({
      state: 'failed', settle_price_ticks: price.toString(), payout_currency_id: null, payout_minor: null, interest_minor: null, settled_at: null, last_error: journal.code,
    }).where('id', '=', row.id).where('state', '=', 'completed').execute();
    return { done: false, notYet: new Date(now.getTime() + FAILED_RETRY_MS) };
  }

  private async fixing(trx: Tx, symbol: string, at: string): Promise<bigint | null> {
    const key = `${symbol}@${at}`;
    const known = this.fixings.get(key);
    if (known !== undefined) return known;
    const row = await earnDb(trx).selectFrom('earn_fixings').select('price_ticks').where('symbol', '=', symbol).where('fixing_at', '=', at).executeTakeFirst();
    if (!row) return null;
    const price = BigInt(row.price_ticks);
    this.fixings.set(key, price);
    return price;
  }
}

/**
 * Records each pair's settlement price once its fixing time (and a grace for the last candle to be
 * stored) has passed: the mean of the window's 1-minute closes (rules.fixingPrice). Runs outside any
 * due item's transaction, since it reads the market's candles through the market module; with no
 * trade in the window nothing is recorded and the orders keep waiting.
 */
export class EarnFixings {
  constructor(private readonly ctx: ServiceContext, private readonly source: MinuteCloseSource) {}

  /** One pass; answers how many fixings it recorded. */
  async pass(): Promise<number> {
    const db = earnDb(this.ctx.db);
    const cutoff = iso(new Date(this.ctx.clock.now().getTime() - FIXING_GRACE_MS));
    const waiting = await db.selectFrom('earn_orders as o').select(['o.symbol', 'o.fixing_at']).distinct()
      .where('o.state', 'in', ['purchased', 'settling']).where('o.fixing_at', '<=', cutoff)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('earn_fixings as f').select('f.symbol').whereRef('f.symbol', '=', 'o.symbol').whereRef('f.fixing_at', '=', 'o.fixing_at'))))
      .execute();
    let recorded = 0;
    for (const { symbol, fixing_at } of waiting) {
      const at = new Date(fixing_at);
      const closes = await this.source.closes(symbol, fixingWindowStart(at).getTime(), at.getTime());
      const price = fixingPrice(closes, at);
      if (price === null) continue;
      const result = await db.insertInto('earn_fixings').values({ symbol, fixing_at, price_ticks: price.toString(), minutes: closes.length, created_at: iso(this.ctx.clock.now()) })
        .onConflict((oc) => oc.columns(['symbol', 'fixing_at']).doNothing()).executeTakeFirst();
      recorded += Number(result.numInsertedOrUpdatedRows ?? 0n);
    }
    return recorded;
  }
}

/** The fixing pass every `everyMs` on the engine leader; passes never overlap. */
export function startFixingLoop(fixings: EarnFixings, log: Log, everyMs = 2_000): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = fixings.pass().catch((error: unknown) => log.warn({ err: error }, 'earn fixing pass failed')).finally(() => { running = null; });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
