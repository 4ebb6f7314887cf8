import { randomUUID } from 'node:crypto';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { MarketCategory } from '../../../contract/api/market.ts';
import type { Database } from '../../db/schema.ts';
import { symbolRulesOf, type SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import { writeTransaction, type Tx } from '../write-transaction.ts';
import { PAIRS_VERSION } from './market-catalog.ts';

/** A pair to list, as an operator gives it (ops pair-add); amounts in minor units, fees in ppm. */
export interface PairDraft {
  base: string;
  quote: string;
  category: MarketCategory;
  tickSize: string;
  lotMinor: bigint;
  minNotionalMinor: bigint;
  makerFeePpm: number;
  takerFeePpm: number;
  /** Display position; null: after every listed pair. */
  sort: number | null;
}

export type Listing<T> = { ok: true; value: T } | { ok: false; reason: string };
const refuse = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

const dialectOf = (db: Kysely<Database>) => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' as const : 'sqlite' as const);

/** Servers poll this (MarketCatalog.poll): a fresh value says "read market_symbols again". */
async function bumpPairsVersion(trx: Tx, now: string): Promise<void> {
  const value = randomUUID();
  await trx.insertInto('market_data_state').values({ name: PAIRS_VERSION, value, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now })).execute();
}

const isUniqueViolation = (error: unknown): boolean =>
  /unique/i.test(String((error as { message?: unknown } | null)?.message ?? '')) || (error as { code?: unknown } | null)?.code === '23505';

/**
 * Lists a spot pair on currencies that exist, in one transaction with the version bump every
 * running server polls, so the engine (and followers) take it up within about a second. Refused,
 * with nothing written: an unknown or disabled currency, a pair already in the table (listed or
 * halted), rules that cannot be traded exactly (one lot at one tick must be a whole number of
 * quote minor units).
 */
export async function listPair(db: Kysely<Database>, draft: PairDraft, now: Date): Promise<Listing<SpotSymbolRules>> {
  const dialect = dialectOf(db);
  try {
    return await writeTransaction({ db, dialect }, async (trx) => {
      const coins = await trx.selectFrom('currencies').select(['id', 'symbol', 'decimals', 'image', 'status']).where('symbol', 'in', [draft.base, draft.quote]).execute();
      const base = coins.find((c) => c.symbol === draft.base);
      const quote = coins.find((c) => c.symbol === draft.quote);
      if (draft.base === draft.quote) return refuse('base and quote must be different currencies');
      for (const [name, coin] of [[draft.base, base], [draft.quote, quote]] as const) {
        if (!coin) return refuse(`no currency ${name}: list the coin first (an IEO token becomes one when its project is created)`);
        if (coin.status !== 1) return refuse(`currency ${name} is disabled`);
      }
      if (!base || !quote) return refuse('unreachable');
      const existing = await trx.selectFrom('market_symbols').select(['id', 'symbol', 'status'])
        .where((eb) => eb.or([eb.and([eb('base_currency_id', '=', base.id), eb('quote_currency_id', '=', quote.id)]), eb('symbol', '=', `${base.symbol}/${quote.symbol}`)]))
        .executeTakeFirst();
      if (existing) return refuse(`${existing.symbol} is in the pair list already (#${existing.id}, ${existing.status === 1 ? 'trading' : 'halted: pair-resume lists it again'})`);
      const last = await trx.selectFrom('market_symbols').select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst();
      const sort = draft.sort ?? Number(last?.sort ?? 0) + 1;
      const checked = symbolRulesOf({
        id: 0, base: { id: base.id, symbol: base.symbol, decimals: base.decimals, image: base.image }, quote: { id: quote.id, symbol: quote.symbol, decimals: quote.decimals },
        category: draft.category, tickSize: draft.tickSize, lotMinor: draft.lotMinor, minNotionalMinor: draft.minNotionalMinor,
        makerFeePpm: draft.makerFeePpm, takerFeePpm: draft.takerFeePpm, sort,
      });
      if (!checked.ok) return refuse(checked.problem);
      const row = await trx.insertInto('market_symbols').values({
        symbol: checked.rules.symbol, base_currency_id: base.id, quote_currency_id: quote.id, category: draft.category, tick_size: draft.tickSize,
        lot_size_minor: draft.lotMinor.toString(), min_notional_minor: draft.minNotionalMinor.toString(), maker_fee_ppm: draft.makerFeePpm,
        taker_fee_ppm: draft.takerFeePpm, status: 1, sort,
      }).returning('id').executeTakeFirstOrThrow();
      await bumpPairsVersion(trx, now.toISOString());
      return { ok: true as const, value: { ...checked.rules, id: row.id } };
    });
  } catch (error) {
    // Another operator listed the same pair between our check and our insert.
    if (isUniqueViolation(error)) return refuse(`${draft.base}/${draft.quote} is in the pair list already`);
    throw error;
  }
}

/**
 * Halts (status 0: off the lists, no new orders; resting orders stay cancellable) or resumes
 * (status 1) a pair, with the version bump. Refused when the pair is unknown or already so.
 */
export async function setPairTrading(db: Kysely<Database>, symbol: string, trading: boolean, now: Date): Promise<Listing<{ id: number; symbol: string }>> {
  return writeTransaction({ db, dialect: dialectOf(db) }, async (trx) => {
    const row = await trx.selectFrom('market_symbols').select(['id', 'symbol', 'status']).where('symbol', '=', symbol).executeTakeFirst();
    if (!row) return refuse(`no pair ${symbol} (pair-list shows them)`);
    if ((row.status === 1) === trading) return refuse(`${row.symbol} is ${trading ? 'trading' : 'halted'} already`);
    await trx.updateTable('market_symbols').set({ status: trading ? 1 : 0 }).where('id', '=', row.id).execute();
    await bumpPairsVersion(trx, now.toISOString());
    return { ok: true as const, value: { id: row.id, symbol: row.symbol } };
  });
}
