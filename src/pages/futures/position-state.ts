import type { LeverAccount, FuturesAccountRisk, FuturesDealAll, FuturesPosition, RiskMessage } from '../../../contract/api/contracts.ts';

/**
 * The user's open positions and pending limit orders with their accounts' risk, kept current from
 * /lever/dealall and the private `risk` stream. Pure: the hook (position-book.ts) holds the state.
 * Sequencing follows the contract: dealall answers the seq it is current to; a message with
 * seq <= that is old news, seq = last + 1 applies, anything further means messages were missed and
 * dealall must be read again.
 */

export interface PositionBook {
  /** Open and pending, newest first. */
  positions: FuturesPosition[];
  accounts: FuturesAccountRisk[];
  seq: number;
}

export const EMPTY_BOOK: PositionBook = { positions: [], accounts: [], seq: 0 };

const isLive = (p: FuturesPosition) => p.state === 'open' || p.state === 'pending';
const newestFirst = (a: FuturesPosition, b: FuturesPosition) => b.id - a.id;
const accountKey = (a: Pick<FuturesAccountRisk, 'account' | 'currency_id'>) => `${a.account}:${a.currency_id}`;

export function bookFromDealAll(answer: FuturesDealAll): PositionBook {
  return { positions: answer.positions.filter(isLive).sort(newestFirst), accounts: answer.accounts, seq: answer.seq };
}

/** Accounts replaced by account and currency; ones not named stay. */
export function withAccounts(current: readonly FuturesAccountRisk[], changes: readonly FuturesAccountRisk[]): FuturesAccountRisk[] {
  const byKey = new Map(current.map((a) => [accountKey(a), a]));
  for (const a of changes) byKey.set(accountKey(a), a);
  return [...byKey.values()];
}

/** Positions the server answered with (submit, close, cancel, setstop, or a stream's `changed`): live ones upserted, finished ones removed. */
export function withPositions(current: readonly FuturesPosition[], changes: readonly FuturesPosition[]): FuturesPosition[] {
  const byId = new Map(current.map((p) => [p.id, p]));
  for (const p of changes) {
    if (isLive(p)) byId.set(p.id, p);
    else byId.delete(p.id);
  }
  return [...byId.values()].sort(newestFirst);
}

export type RiskOutcome =
  | { kind: 'stale' }
  | { kind: 'gap' }
  | { kind: 'applied'; book: PositionBook; /** Positions that closed (TP, SL, liquidation) or orders that were cancelled, for the user to be told. */ finished: FuturesPosition[]; /** Limit orders that opened. */ opened: FuturesPosition[] };

export function applyRisk(book: PositionBook, message: RiskMessage): RiskOutcome {
  if (message.seq <= book.seq) return { kind: 'stale' };
  if (message.seq !== book.seq + 1) return { kind: 'gap' };
  const marks = new Map(message.positions.map((m) => [m.id, m]));
  const marked = book.positions.map((p) => {
    const m = marks.get(p.id);
    return m ? { ...p, current_price: m.current_price, profit: m.profit, liquidation_price: m.liquidation_price } : p;
  });
  const before = new Map(book.positions.map((p) => [p.id, p]));
  const finished = message.changed.filter((p) => !isLive(p) && before.has(p.id));
  const opened = message.changed.filter((p) => p.state === 'open' && before.get(p.id)?.state === 'pending');
  return {
    kind: 'applied',
    book: { positions: withPositions(marked, message.changed), accounts: withAccounts(book.accounts, message.accounts), seq: message.seq },
    finished,
    opened,
  };
}

export function accountOf(book: PositionBook, account: LeverAccount): FuturesAccountRisk | undefined {
  return book.accounts.find((a) => a.account === account);
}
