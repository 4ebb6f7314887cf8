import type { SpotOrder } from '../../../contract/api/market.ts';
import type { Outcome } from '../../domain/outcome.ts';
import type { BatchSql, IdRef } from '../batch-sql.ts';
import type { Tx } from '../write-transaction.ts';
import { PLACE_ENDPOINT, type BatchEffects, type PlaceRequest } from './spot-requests.ts';

interface StoredAnswer {
  userId: number;
  key: string;
  fingerprint: string;
  outcome: Outcome<SpotOrder>;
}

const CHUNK = 300;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The rows of one batch, written with a few multi-row statements: new orders, changed orders,
 * trades, and the answers of idempotency keys (stored in the same transaction as what they
 * describe, like IdempotencyService does for the money movers).
 */
export class SpotWriter {
  private readonly createdIds = new Set<number>();
  private readonly answers: StoredAnswer[] = [];

  created(orderId: number): void {
    this.createdIds.add(orderId);
  }

  remember(userId: number, key: string, fingerprint: string, outcome: Outcome<SpotOrder>): void {
    this.answers.push({ userId, key, fingerprint, outcome });
  }

  /** Answers stored for these requests' keys by earlier batches. */
  async storedAnswers(trx: Tx, requests: readonly (PlaceRequest & { key: string })[]): Promise<StoredAnswer[]> {
    if (requests.length === 0) return [];
    const found: StoredAnswer[] = [];
    for (const part of chunks(requests)) {
      // Exact (user, key) pairs: "user_id in (...) and key in (...)" made the index look up every
      // user with every key (16 users and 30 keys: 480 lookups for 30 answers).
      const rows = await trx.selectFrom('idempotency_keys').select(['user_id', 'key', 'request_hash', 'response_json'])
        .where('endpoint', '=', PLACE_ENDPOINT)
        .where((eb) => eb.or(part.map((r) => eb.and([eb('user_id', '=', r.userId), eb('key', '=', r.key)]))))
        .execute();
      for (const row of rows) {
        if (row.response_json === null) continue;
        found.push({ userId: row.user_id, key: row.key, fingerprint: row.request_hash, outcome: JSON.parse(row.response_json) as Outcome<SpotOrder> });
      }
    }
    return found;
  }

  async write(sql: BatchSql, effects: BatchEffects, journalIds: readonly IdRef[], now: string): Promise<void> {
    const fresh: unknown[][] = [];
    const changed: { id: number; values: unknown[] }[] = [];
    for (const o of effects.orders.values()) {
      const progress = [o.filledMinor.toString(), o.filledQuoteMinor.toString(), o.feeMinor.toString(), o.holdMinor.toString(), o.state, o.updatedAt];
      if (this.createdIds.has(o.id)) fresh.push([o.id, o.userId, o.symbolId, o.side, o.kind, o.priceTicks, o.amountMinor.toString(), ...progress, o.createdAt]);
      else changed.push({ id: o.id, values: progress });
    }
    await sql.insert('spot_orders', ORDER_COLUMNS, fresh);
    await sql.update('spot_orders', PROGRESS_COLUMNS, changed);
    const trades: unknown[][] = [];
    for (const list of effects.trades.values()) {
      for (const t of list) {
        const journalId = journalIds[t.journal_id];
        if (journalId === undefined) throw new Error(`trade ${t.id}: no journal at index ${t.journal_id}`);
        trades.push([t.id, t.symbol_id, t.taker_order_id, t.maker_order_id, t.taker_user_id, t.maker_user_id, t.taker_side, t.price_ticks,
          t.amount_minor, t.quote_minor, t.taker_fee_minor, t.maker_fee_minor, journalId, t.created_at]);
      }
    }
    await sql.insert('spot_trades', TRADE_COLUMNS, trades);
    await sql.insert('idempotency_keys', ['user_id', 'endpoint', 'key', 'request_hash', 'response_json', 'created_at'],
      this.answers.map((a) => [a.userId, PLACE_ENDPOINT, a.key, a.fingerprint, JSON.stringify(a.outcome), now]));
  }
}

const PROGRESS_COLUMNS = ['filled_minor', 'filled_quote_minor', 'fee_minor', 'hold_minor', 'state', 'updated_at'];
const ORDER_COLUMNS = ['id', 'user_id', 'symbol_id', 'side', 'kind', 'price_ticks', 'amount_minor', ...PROGRESS_COLUMNS, 'created_at'];
const TRADE_COLUMNS = ['id', 'symbol_id', 'taker_order_id', 'maker_order_id', 'taker_user_id', 'maker_user_id', 'taker_side', 'price_ticks',
  'amount_minor', 'quote_minor', 'taker_fee_minor', 'maker_fee_minor', 'journal_id', 'created_at'];
