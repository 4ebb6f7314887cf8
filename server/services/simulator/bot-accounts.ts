import { COIN_ACCOUNT } from '../../domain/journal-builders.ts';
import { SYSTEM_USER_ID, systemAccount, userAccount, type PostingDraft } from '../../domain/ledger.ts';
import type { LedgerReader } from '../ledger/ledger-reader.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { ServiceContext } from '../service-context.ts';
import type { UserService } from '../user-service.ts';
import { writeTransaction } from '../write-transaction.ts';

/** The simulator's traders. Ordinary users with an address that cannot receive mail and no usable password. */
export const BOTS = {
  maker: { email: 'maker@simulator.brisk.invalid', nickname: 'Simulator maker' },
  takerA: { email: 'taker-a@simulator.brisk.invalid', nickname: 'Simulator taker A' },
  takerB: { email: 'taker-b@simulator.brisk.invalid', nickname: 'Simulator taker B' },
} as const;
export type BotName = keyof typeof BOTS;

// Not a scrypt string: verifyPassword refuses it, so nobody can sign in as a bot.
const NO_PASSWORD = 'disabled:simulator-bot';

/** Journal kind of a bot's funding: the house lends the simulator what it trades with. */
export const SIM_FUNDING = 'sim_funding';

/** Finds or creates the bot users; answers their ids. */
export async function ensureBots(users: UserService): Promise<Record<BotName, number>> {
  const ids = {} as Record<BotName, number>;
  for (const [name, bot] of Object.entries(BOTS) as [BotName, (typeof BOTS)[BotName]][]) {
    const target = { kind: 'email' as const, email: bot.email };
    let row = await users.findByTarget(target);
    if (!row) {
      const created = await users.create({ target, passwordHash: NO_PASSWORD, inviterId: null, nickname: bot.nickname });
      if (!created.ok) row = await users.findByTarget(target); // another process made it first
      else ids[name] = created.value;
    }
    if (row) ids[name] = row.id;
    if (ids[name] === undefined) throw new Error(`simulator: cannot create bot ${bot.email}`);
  }
  return ids;
}

/**
 * Tops a bot's coin account up to `targets` (minor units per currency id) wherever it has fallen
 * below a quarter of the target, with one journal from the house account, like any other movement
 * of money: balances are never written directly. Answers the number of currencies topped up.
 */
export async function topUp(ctx: ServiceContext, ledger: LedgerService, reader: LedgerReader, userId: number, targets: ReadonlyMap<number, bigint>): Promise<number> {
  const balances = new Map((await reader.balancesOf(userId)).filter((b) => b.name === COIN_ACCOUNT).map((b) => [b.currencyId, b.available]));
  const postings: PostingDraft[] = [];
  for (const [currencyId, target] of targets) {
    const available = balances.get(currencyId) ?? 0n;
    if (target <= 0n || available * 4n >= target) continue;
    const amount = target - available;
    postings.push(
      { account: systemAccount('house', currencyId), bucket: 'available', amountMinor: -amount, kind: SIM_FUNDING },
      { account: userAccount(userId, COIN_ACCOUNT, currencyId), bucket: 'available', amountMinor: amount, kind: SIM_FUNDING },
    );
  }
  if (postings.length === 0) return 0;
  await writeTransaction(ctx, async (trx) => {
    const booked = await ledger.book(trx, { kind: SIM_FUNDING, userId: SYSTEM_USER_ID, refType: 'simulator', refId: userId, reversesJournalId: null, postings });
    if (!booked.ok) throw new Error(`simulator funding refused: ${booked.code}`);
  });
  return postings.length / 2;
}
