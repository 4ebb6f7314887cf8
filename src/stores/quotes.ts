import { atom, onStart, onStop, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { Quotation } from '../../contract/api/market.ts';
import type { TickerUpdate } from '../../contract/socket-events.ts';
import type { RowText } from '../lib/row-text.ts';

/** A ticker as the page receives it: with its market row's figures when the list gave the socket worker a format. */
export type QuoteUpdate = TickerUpdate & { text?: RowText };

/** The live part of a pair's quote: what the tickers stream changes. Decimal strings. */
export type LiveQuote = Omit<QuoteUpdate, 'symbol'>;

/**
 * Live quotes keyed by symbol: one small atom per pair, so a row subscribes to its own pair and a
 * tick re-renders that row only. (One nanostores `map` of 1,000 pairs would be copied whole on
 * every write, and every row's listener would be asked about every write.) Writes come once per
 * animation frame from realtime/quote-batcher.ts.
 */
const atoms = new Map<string, WritableAtom<LiveQuote | undefined>>();

/**
 * The pairs something on screen listens to (a row, a header): the socket worker sends their quotes
 * in every batch and the others in a round every 5 s, so the main thread handles what is
 * shown, not the whole market.
 */
const interest = new Set<string>();
let tellInterest: ((symbols: string[]) => void) | undefined;
/** The set changed since it was last told. */
let interestDirty = false;
/** A tell is on its way, or the throttle period after one runs: changes wait for this timer. */
let interestTimer: ReturnType<typeof setTimeout> | undefined;
/** While a list scrolls, rows come and go every frame: the set is told at most this often. */
export const INTEREST_THROTTLE_MS = 100;

function afterInterestTimer(): void {
  interestTimer = undefined;
  if (!interestDirty) return;
  interestDirty = false;
  tellInterest?.([...interest]);
  interestTimer = setTimeout(afterInterestTimer, INTEREST_THROTTLE_MS);
}

/**
 * Rows mount and unmount in groups (a scroll, a tab): one message for the group. A quiet set's
 * first change is told in the task after this one; each tell then sets the timer for its period,
 * which tells what changed in it and sets the next. So while changes keep coming they only raise a
 * flag: a list that scrolls (its rows' listeners change on every scroll event) sets no timer in its
 * scroll events, where under the quote flood at 4x CPU that call was a third of the rows' listener
 * bookkeeping in the slowest ones. A row that comes on screen shows its last quote at once; its
 * live ticks follow within the throttle.
 */
function interestChanged(): void {
  if (!tellInterest) return;
  interestDirty = true;
  interestTimer ??= setTimeout(afterInterestTimer, 0);
}

/** Who is told when the watched pairs change (the socket manager); told at once with the current set. */
export function onQuoteInterest(listener: (symbols: string[]) => void): void {
  tellInterest = listener;
  listener([...interest]);
}

function atomOf(symbol: string): WritableAtom<LiveQuote | undefined> {
  let a = atoms.get(symbol);
  if (!a) {
    a = atom<LiveQuote | undefined>(undefined);
    atoms.set(symbol, a);
    // onStart/onStop, not onMount: onMount keeps a store mounted for a second after its last
    // listener with a timer per store, and a scrolling list stops listening to pairs all the time.
    // The throttle above already turns a burst of changes into one message.
    onStart(a, () => {
      interest.add(symbol);
      interestChanged();
    });
    onStop(a, () => {
      interest.delete(symbol);
      interestChanged();
    });
  }
  return a;
}

/** The store a pair's row reads (`useStore(quoteStore(symbol))`); undefined until a quote is known. */
export const quoteStore = (symbol: string): ReadableAtom<LiveQuote | undefined> => atomOf(symbol);

/**
 * A pair's latest quote now, without subscribing (sorting and ranking read this). `.value`, not
 * `.get()`: get() on a store nobody listens to mounts it for a moment, which would count as interest.
 */
export const quoteOf = (symbol: string): LiveQuote | undefined => atoms.get(symbol)?.value;

/** The tickers stream's seq the quotes are current to (0: only list data so far). */
export const $quotesSeq = atom(0);

const live = (t: Quotation): LiveQuote => ({
  last: t.last,
  change_pct: t.change_pct,
  high_24h: t.high_24h,
  low_24h: t.low_24h,
  volume_24h: t.volume_24h,
  quote_volume_24h: t.quote_volume_24h,
});

/**
 * Many tickers at once: each pair's atom is written once and tells only its own listeners. The
 * update itself is stored (it is a LiveQuote with its symbol), not a copy: no allocation per tick.
 */
export function applyQuoteBatch(updates: Iterable<QuoteUpdate>, seq?: number): void {
  for (const t of updates) atomOf(t.symbol).set(t);
  if (seq !== undefined) $quotesSeq.set(seq);
}

/** One ticker as it arrives (the naive path the flood benchmark compares against). */
export function applyQuote(update: QuoteUpdate, seq?: number): void {
  atomOf(update.symbol).set(update);
  if (seq !== undefined) $quotesSeq.set(seq);
}

/**
 * Quotes from the list endpoint (current to `seq` of the tickers stream): they replace what is held
 * only when the stream has not yet moved past them; otherwise they fill in pairs without a quote.
 */
export function seedQuotes(list: readonly Quotation[], seq: number): void {
  const newer = seq > $quotesSeq.get();
  for (const q of list) {
    const a = atomOf(q.symbol);
    if (newer || a.value === undefined) a.set(live(q));
  }
  if (newer) $quotesSeq.set(seq);
}
