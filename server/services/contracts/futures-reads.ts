import type { LeverAccount, FuturesAccountRisk, FuturesPosition, FuturesTradeStatus } from '../../../contract/api/contracts.ts';
import type { Page } from '../../../contract/envelope.ts';
import type { AccountRisk } from '../../domain/futures-risk.ts';
import { priceTextToTicks } from '../../domain/futures-prices.ts';
import type { Paging } from '../../domain/paging.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';
import type { MarkLookup } from './futures-settlement.ts';
import { accountView, positionView, riskOf, type AccountSnapshot, type SymbolIds } from './futures-views.ts';
import { dealPriceOf, type MarkPriceSource } from './mark-price-source.ts';
import { liveRowsOf, type PositionRow } from './position-rows.ts';

export const markLookup = (source: MarkPriceSource): MarkLookup => (symbol) => {
  const mark = source.get(symbol);
  return mark ? priceTextToTicks(mark.price) : null;
};

export interface AccountKeyOf {
  userId: number;
  account: LeverAccount;
  currencyId: number;
}

export interface AccountState {
  snapshot: AccountSnapshot;
  open: PositionRow[];
  pending: PositionRow[];
  risk: AccountRisk;
  view: FuturesAccountRisk;
}

export interface TradeFilter {
  status: FuturesTradeStatus;
  symbol?: string;
  account?: LeverAccount;
}

/** Reads of futures for users and the trigger loop: account risk, position views, trade history. */
export class FuturesReads {
  constructor(private readonly ctx: ServiceContext, private readonly source: MarkPriceSource) {}

  get marks(): MarkLookup {
    return markLookup(this.source);
  }

  /** The price of `userId`'s deal of `qtyScaled` (lots x lot size) on `symbol` (mark-price-source.ts dealPriceOf); null without a mark. */
  dealPrice(symbol: string, buying: boolean, qtyScaled: bigint, userId: number): bigint | null {
    return dealPriceOf(this.source, symbol, buying, { qtyScaled }, userId);
  }

  async symbolIds(db: Tx = this.ctx.db): Promise<Map<number, SymbolIds>> {
    const rows = await db.selectFrom('market_symbols').select(['id', 'base_currency_id', 'quote_currency_id']).execute();
    return new Map(rows.map((r) => [r.id, { currencyId: r.base_currency_id, legalId: r.quote_currency_id }]));
  }

  async snapshot(a: AccountKeyOf, db: Tx = this.ctx.db): Promise<AccountSnapshot> {
    const currency = await db.selectFrom('currencies').select(['symbol', 'decimals']).where('id', '=', a.currencyId).executeTakeFirstOrThrow();
    const balance = await db.selectFrom('ledger_accounts').select(['available_minor', 'frozen_minor'])
      .where('user_id', '=', a.userId).where('name', '=', a.account).where('currency_id', '=', a.currencyId).executeTakeFirst();
    return {
      account: a.account, currencyId: a.currencyId, currency: currency.symbol, decimals: currency.decimals,
      available: BigInt(balance?.available_minor ?? '0'), frozen: BigInt(balance?.frozen_minor ?? '0'),
    };
  }

  async accountState(a: AccountKeyOf, liquidationPpm: number, db: Tx = this.ctx.db): Promise<AccountState> {
    const snapshot = await this.snapshot(a, db);
    const live = await liveRowsOf(db, a, ['open', 'pending']);
    const open = live.filter((r) => r.state === 'open');
    const risk = riskOf(snapshot, open, this.marks, liquidationPpm);
    return { snapshot, open, pending: live.filter((r) => r.state === 'pending'), risk, view: accountView(snapshot, risk) };
  }

  /** Views of live rows with their account's live PnL and liquidation prices. */
  viewsOf(state: AccountState, ids: Map<number, SymbolIds>): FuturesPosition[] {
    return [...state.pending, ...state.open].sort((x, y) => y.id - x.id).map((row) => this.view(row, ids, state.snapshot.decimals, state.risk));
  }

  view(row: PositionRow, ids: Map<number, SymbolIds>, decimals: number, risk?: AccountRisk): FuturesPosition {
    const symbolIds = ids.get(row.symbol_id) ?? { currencyId: 0, legalId: row.margin_currency_id };
    return positionView(row, symbolIds, decimals, this.marks(row.symbol), risk?.positions.get(row.id));
  }

  /** The accounts a user's live positions use, plus the lever and stock accounts in `defaultCurrencyId`. */
  async liveAccounts(userId: number, defaultCurrencyId: number | null, db: Tx = this.ctx.db): Promise<AccountKeyOf[]> {
    const rows = await db.selectFrom('futures_positions').select(['account', 'margin_currency_id']).distinct()
      .where('user_id', '=', userId).where('state', 'in', ['open', 'pending']).execute();
    const keys = new Map<string, AccountKeyOf>();
    if (defaultCurrencyId !== null) for (const account of ['lever', 'stock'] as const) keys.set(`${account}:${defaultCurrencyId}`, { userId, account, currencyId: defaultCurrencyId });
    for (const r of rows) keys.set(`${r.account}:${r.margin_currency_id}`, { userId, account: r.account === 'stock' ? 'stock' : 'lever', currencyId: r.margin_currency_id });
    return [...keys.values()];
  }

  /** in_progress = pending + open, completed = closed + cancelled; newest first, paged. */
  async trades(userId: number, filter: TradeFilter, paging: Paging, liquidationPpm: number): Promise<Page<FuturesPosition>> {
    const states = filter.status === 'in_progress' ? ['pending', 'open'] : ['closed', 'cancelled'];
    let query = this.ctx.db.selectFrom('futures_positions').where('user_id', '=', userId).where('state', 'in', states);
    if (filter.symbol) query = query.where('symbol', '=', filter.symbol);
    if (filter.account) query = query.where('account', '=', filter.account);
    const total = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute();
    const ids = await this.symbolIds();
    const byAccount = new Map<string, AccountState>();
    const data: FuturesPosition[] = [];
    for (const row of rows) {
      const key = `${row.account}:${row.margin_currency_id}`;
      let state = byAccount.get(key);
      if (!state) {
        state = await this.accountState({ userId, account: row.account === 'stock' ? 'stock' : 'lever', currencyId: row.margin_currency_id }, liquidationPpm);
        byAccount.set(key, state);
      }
      data.push(this.view(row, ids, state.snapshot.decimals, state.risk));
    }
    return { data, page: paging.page, limit: paging.limit, total: Number(total?.n ?? 0) };
  }
}
