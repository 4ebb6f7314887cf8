import { createHash } from 'node:crypto';
import { FINGERPRINT_IGNORED } from '../../domain/idempotency-rules.ts';
import { failure, type Failure, type Outcome } from '../../domain/outcome.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import { writeTransaction, type Tx } from '../write-transaction.ts';

/** Who is repeating what: the key is stored per user and endpoint. A null key means "no dedupe". */
export interface IdempotentCall {
  userId: number;
  endpoint: string;
  key: string | null;
  /** The request's fields (secrets and the key itself are left out of the fingerprint). */
  fields: Readonly<Record<string, string>>;
}

class RolledBack extends Error {
  constructor(readonly outcome: Failure) {
    super(outcome.code);
  }
}
class AlreadyClaimed extends Error {}

export function fingerprintOf(fields: Readonly<Record<string, string>>): string {
  const entries = Object.keys(fields).filter((k) => !FINGERPRINT_IGNORED.includes(k)).sort().map((k) => [k, fields[k]]);
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

/**
 * Every write that moves money runs through here, so a retried request (same key) is answered with
 * the first result instead of acting twice. The key is claimed inside the same transaction as the
 * money movement: on PostgreSQL a concurrent repeat waits on the key's unique index until the first
 * commits, then reads its answer. Business failures (insufficient balance ...) roll the work back
 * but are stored too, so the key keeps meaning "that attempt". Malformed requests are refused before
 * a key is claimed and are not stored.
 */
export class IdempotencyService {
  constructor(private readonly ctx: ServiceContext) {}

  /** The stored answer to this key, if any; a different request under the same key is refused. */
  async replay<T>(call: IdempotentCall, db: Tx = this.ctx.db): Promise<Outcome<T> | null> {
    if (call.key === null) return null;
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'response_json'])
      .where('user_id', '=', call.userId)
      .where('endpoint', '=', call.endpoint)
      .where('key', '=', call.key)
      .executeTakeFirst();
    if (!row || row.response_json === null) return null;
    if (row.request_hash !== fingerprintOf(call.fields)) return failure('IDEMPOTENCY.KEY_REUSED', 'idempotency_key');
    return JSON.parse(row.response_json) as Outcome<T>;
  }

  /** Runs `work` in one write transaction with the key claimed in it; answers the first result for the key. */
  async run<T>(call: IdempotentCall, work: (trx: Tx) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    try {
      return await writeTransaction(this.ctx, async (trx) => {
        if (call.key !== null && !(await this.claim(trx, call))) throw new AlreadyClaimed();
        const outcome = await work(trx);
        if (!outcome.ok) throw new RolledBack(outcome);
        if (call.key !== null) await this.store(trx, call, outcome);
        return outcome;
      });
    } catch (error) {
      if (error instanceof AlreadyClaimed) return (await this.replay<T>(call)) ?? failure('IDEMPOTENCY.KEY_REUSED', 'idempotency_key');
      if (!(error instanceof RolledBack)) throw error;
      if (call.key === null) return error.outcome;
      // Nothing moved; remember the answer unless a concurrent repeat stored one first.
      await writeTransaction(this.ctx, async (trx) => {
        if (await this.claim(trx, call)) await this.store(trx, call, error.outcome);
      });
      return (await this.replay<T>(call)) ?? error.outcome;
    }
  }

  private async claim(trx: Tx, call: IdempotentCall): Promise<boolean> {
    const result = await trx
      .insertInto('idempotency_keys')
      .values({
        user_id: call.userId,
        endpoint: call.endpoint,
        key: call.key ?? '',
        request_hash: fingerprintOf(call.fields),
        response_json: null,
        created_at: iso(this.ctx.clock.now()),
      })
      .onConflict((oc) => oc.columns(['user_id', 'endpoint', 'key']).doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  private async store(trx: Tx, call: IdempotentCall, outcome: Outcome<unknown>): Promise<void> {
    await trx
      .updateTable('idempotency_keys')
      .set({ response_json: JSON.stringify(outcome) })
      .where('user_id', '=', call.userId)
      .where('endpoint', '=', call.endpoint)
      .where('key', '=', call.key ?? '')
      .execute();
  }
}
