import type { Kysely } from 'kysely';
import type { FundAccount } from '../../../contract/api/wallet.ts';
import { depositPostings } from '../../domain/journal-builders.ts';
import { SYSTEM_USER_ID, type PostingDraft } from '../../domain/ledger.ts';
import { decimalToMinor } from '../../domain/minor-units.ts';
import { LedgerService } from '../../services/ledger/ledger-service.ts';
import type { DbDialect } from '../open-database.ts';
import type { Database } from '../schema.ts';

/**
 * What the demo user starts with, so a newcomer can try spot (the coin account `change`), futures on
 * coins (`lever`) and on tokenised stocks (`stock`, both margined in USDT) and seconds options
 * (`micro`, stakes from 10 USDT), lock mining (`mining`) and the finance products (`financial`)
 * without the ops CLI. Well above every seeded minimum: 5 USDT an
 * order, one futures lot (10-100 USDT of coin, one share of stock), a 10 USDT stake.
 */
export const DEMO_FUNDS: readonly { account: FundAccount; currency: string; amount: string }[] = [
  { account: 'change', currency: 'USDT', amount: '10000' },
  { account: 'change', currency: 'BTC', amount: '0.5' },
  { account: 'change', currency: 'ETH', amount: '5' },
  { account: 'lever', currency: 'USDT', amount: '1000' },
  { account: 'stock', currency: 'USDT', amount: '1000' },
  { account: 'micro', currency: 'USDT', amount: '1000' },
  { account: 'mining', currency: 'USDT', amount: '1000' },
  { account: 'financial', currency: 'USDT', amount: '1000' },
];

/** Journal kind of the demo funding; its ref is ('user', the demo user's id). */
export const DEMO_FUNDS_KIND = 'demo_funds';

/**
 * Credits DEMO_FUNDS to the demo user in one journal from the simulated custody, posted as deposits
 * are (kind `deposit`, so the bills say Deposit): like any movement of money, through the ledger.
 * Called only in the seed transaction that inserted the demo user, so the users.email unique key
 * committed with this journal is what makes it happen once, whatever restarts, ops runs or
 * processes starting together; a demo_funds journal already there for the user is also a no-op.
 */
export async function seedDemoFunds(trx: Kysely<Database>, dialect: DbDialect, userId: number, now: Date): Promise<void> {
  const done = await trx.selectFrom('ledger_journals').select('id')
    .where('kind', '=', DEMO_FUNDS_KIND).where('ref_type', '=', 'user').where('ref_id', '=', userId).executeTakeFirst();
  if (done) return;
  const currencies = new Map((await trx.selectFrom('currencies').select(['id', 'symbol', 'decimals']).execute()).map((c) => [c.symbol, c]));
  const postings: PostingDraft[] = DEMO_FUNDS.flatMap(({ account, currency, amount }) => {
    const row = currencies.get(currency);
    if (!row) throw new Error(`demo funds: currency ${currency} is missing`);
    const minor = decimalToMinor(amount, row.decimals);
    if (minor === null || minor <= 0n) throw new Error(`demo funds: ${amount} ${currency} does not fit ${row.decimals} places`);
    return depositPostings(userId, row.id, minor, account);
  });
  const ledger = new LedgerService({ db: trx, dialect, clock: { now: () => now }, log: { info: () => undefined, warn: () => undefined } });
  const booked = await ledger.book(trx, { kind: DEMO_FUNDS_KIND, userId: SYSTEM_USER_ID, refType: 'user', refId: userId, reversesJournalId: null, postings });
  if (!booked.ok) throw new Error(`demo funds refused: ${booked.code}`);
}
