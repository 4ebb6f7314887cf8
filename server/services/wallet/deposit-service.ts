import type { Selectable } from 'kysely';
import type { Deposit, DepositState } from '../../../contract/api/wallet.ts';
import type { Page } from '../../../contract/envelope.ts';
import type { DepositsTable } from '../../db/money-schema.ts';
import { depositPostings } from '../../domain/journal-builders.ts';
import { SYSTEM_USER_ID } from '../../domain/ledger.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { CurrencyService, NetworkRow } from '../currency-service.ts';
import type { CustodyAdapter } from '../custody/custody-adapter.ts';
import { isUniqueViolation } from '../db-errors.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import { writeTransaction } from '../write-transaction.ts';

export type DepositRow = Selectable<DepositsTable>;

export interface Incoming {
  networkId: number;
  address: string;
  amountMinor: bigint;
  txHash: string;
}

const ADDRESS_TRIES = 10;

/** Deposit addresses and incoming deposits: recorded confirming, credited at the required confirmations. */
export class DepositService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly ledger: LedgerService,
    private readonly custody: CustodyAdapter,
    private readonly currencies: CurrencyService,
  ) {}

  /** The user's address on a network, made by custody on first request and stored (unique). */
  async addressFor(userId: number, network: NetworkRow): Promise<string> {
    const find = () => this.ctx.db.selectFrom('deposit_addresses').select('address')
      .where('user_id', '=', userId).where('network_id', '=', network.id).executeTakeFirst();
    const existing = await find();
    if (existing) return existing.address;
    for (let attempt = 0; attempt < ADDRESS_TRIES; attempt += 1) {
      const address = this.custody.depositAddress(userId, network, attempt);
      try {
        await this.ctx.db.insertInto('deposit_addresses')
          .values({ user_id: userId, network_id: network.id, address, created_at: iso(this.ctx.clock.now()) }).execute();
        return address;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Either this user got one meanwhile (a parallel request), or another user holds this address.
        const made = await find();
        if (made) return made.address;
      }
    }
    throw new Error(`no free deposit address for user ${userId} on network ${network.id}`);
  }

  /** A transfer to one of our addresses appeared on chain: recorded with no confirmations yet. */
  async recordIncoming(incoming: Incoming): Promise<Outcome<DepositRow>> {
    if (incoming.amountMinor <= 0n) return failure('VALID.AMOUNT', 'amount');
    const owner = await this.ctx.db.selectFrom('deposit_addresses').select('user_id')
      .where('network_id', '=', incoming.networkId).where('address', '=', incoming.address).executeTakeFirst();
    if (!owner) return failure('COMMON.NOT_FOUND', 'address');
    const network = (await this.currencies.networksById()).get(incoming.networkId);
    if (!network) return failure('WALLET.NETWORK_UNAVAILABLE', 'network');
    // A watcher may report the same transaction twice: the first record stands.
    const seen = await this.ctx.db.selectFrom('deposits').selectAll().where('tx_hash', '=', incoming.txHash).executeTakeFirst();
    if (seen) return seen.network_id === network.id && seen.address === incoming.address ? success(seen) : failure('COMMON.PARAM_INVALID', 'tx_hash');
    const now = iso(this.ctx.clock.now());
    const row = await this.ctx.db.insertInto('deposits').values({
      user_id: owner.user_id,
      currency_id: network.currency_id,
      network_id: network.id,
      address: incoming.address,
      amount_minor: incoming.amountMinor.toString(),
      confirmations: 0,
      required_confirmations: Math.max(1, network.confirmations),
      state: 'confirming',
      tx_hash: incoming.txHash,
      journal_id: null,
      confirmed_at: now,
      created_at: now,
      updated_at: now,
    }).returningAll().executeTakeFirstOrThrow();
    return success(row);
  }

  /**
   * Confirmations only go up. Reaching the required count credits the deposit, once: the state
   * change and the journal are one transaction, and only a 'confirming' row can be credited.
   */
  async setConfirmations(depositId: number, confirmations: number): Promise<Outcome<DepositRow>> {
    return writeTransaction(this.ctx, async (trx) => {
      let query = trx.selectFrom('deposits').selectAll().where('id', '=', depositId);
      if (this.ctx.dialect === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (!row) return failure('COMMON.NOT_FOUND', 'id');
      if (row.state !== 'confirming') return success(row);
      const count = Math.min(row.required_confirmations, Math.max(row.confirmations, confirmations));
      const now = iso(this.ctx.clock.now());
      if (count < row.required_confirmations) {
        if (count === row.confirmations) return success(row);
        const updated = await trx.updateTable('deposits').set({ confirmations: count, confirmed_at: now, updated_at: now })
          .where('id', '=', depositId).returningAll().executeTakeFirstOrThrow();
        return success(updated);
      }
      const journal = await this.ledger.book(trx, {
        kind: 'deposit', userId: SYSTEM_USER_ID, refType: 'deposit', refId: row.id, reversesJournalId: null,
        postings: depositPostings(row.user_id, row.currency_id, BigInt(row.amount_minor)),
      });
      if (!journal.ok) throw new Error(`deposit ${row.id} could not be booked: ${journal.code}`);
      const credited = await trx.updateTable('deposits')
        .set({ state: 'credited', confirmations: count, journal_id: journal.value, confirmed_at: now, updated_at: now })
        .where('id', '=', depositId).returningAll().executeTakeFirstOrThrow();
      return success(credited);
    });
  }

  confirming(): Promise<DepositRow[]> {
    return this.ctx.db.selectFrom('deposits').selectAll().where('state', '=', 'confirming').orderBy('id').execute();
  }

  async list(userId: number, paging: Paging): Promise<Page<Deposit>> {
    const base = this.ctx.db.selectFrom('deposits').where('user_id', '=', userId);
    const rows = await base.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const currencies = await this.currencies.byId();
    const networks = await this.currencies.networksById();
    return {
      page: paging.page,
      limit: paging.limit,
      total: Number(counted?.n ?? 0),
      data: rows.map((r) => {
        const currency = currencies.get(r.currency_id);
        return {
          id: r.id,
          currency: currency?.symbol ?? '',
          network: networks.get(r.network_id)?.network ?? '',
          address: r.address,
          amount: minorToDecimal(BigInt(r.amount_minor), currency?.decimals ?? 0),
          confirmations: r.confirmations,
          required_confirmations: r.required_confirmations,
          state: r.state as DepositState,
          tx_hash: r.tx_hash,
          created_at: r.created_at,
        };
      }),
    };
  }
}
