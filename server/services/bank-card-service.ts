import type { BankCard, InternationalBankCard } from '../../contract/api/wallet.ts';
import { maskCard } from '../domain/bank-card-rules.ts';
import { success, type Outcome } from '../domain/outcome.ts';
import type { IdempotencyService, IdempotentCall } from './ledger/idempotency-service.ts';
import { iso, type ServiceContext } from './service-context.ts';

export type CardKind = 'domestic' | 'international';

/** One domestic and one international bank card per user, for fiat top-ups and payouts. */
export class BankCardService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly idempotency: IdempotencyService,
  ) {}

  /** Saves or replaces the card of this kind; the fields arrive validated (domain/bank-card-rules). */
  async save(call: IdempotentCall, kind: CardKind, card: BankCard | InternationalBankCard): Promise<Outcome<string>> {
    const replay = await this.idempotency.replay<string>(call);
    if (replay) return replay;
    return this.idempotency.run(call, async (trx) => {
      const now = iso(this.ctx.clock.now());
      await trx.insertInto('bank_cards').values({ user_id: call.userId, kind, data_json: JSON.stringify(card), updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ data_json: JSON.stringify(card), updated_at: now }))
        .execute();
      return success('ok');
    });
  }

  /** The card masked for display (card number and phone starred), or null when none is saved. */
  async get<T extends BankCard | InternationalBankCard>(userId: number, kind: CardKind): Promise<T | null> {
    const row = await this.ctx.db.selectFrom('bank_cards').select('data_json').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
    return row ? maskCard(JSON.parse(row.data_json) as T) : null;
  }
}
