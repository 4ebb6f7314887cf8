import type { OrderSide } from '../../contract/api/market.ts';
import { COIN_ACCOUNT } from './journal-builders.ts';
import { systemAccount, userAccount, type PostingDraft } from './ledger.ts';
import { feeOf } from './spot-order-rules.ts';
import { notionalMinor, type SpotSymbolRules } from './spot-symbol-rules.ts';

/**
 * The postings of spot trading, all in the coin account ('change'). Pure: the order service books
 * what these return, the tests hold them to "every currency sums to zero".
 *
 * Fee model: each side pays its fee in the currency it receives (a buyer in base, a seller in
 * quote), at the maker rate when its order was resting, the taker rate when it arrived; rounded
 * up to the minor unit. So a buy holds exactly price x amount of quote and a sell its amount of
 * base, and nothing is ever charged out of a hold.
 */

/** Placing: the hold moves from available to frozen. */
export function spotHoldPostings(userId: number, currencyId: number, amount: bigint): PostingDraft[] {
  const own = userAccount(userId, COIN_ACCOUNT, currencyId);
  return [
    { account: own, bucket: 'available', amountMinor: -amount, kind: 'spot_hold' },
    { account: own, bucket: 'frozen', amountMinor: amount, kind: 'spot_hold' },
  ];
}

/** Cancel, self-trade expiry or a finished market order: what is still held comes back. */
export function spotReleasePostings(userId: number, currencyId: number, amount: bigint): PostingDraft[] {
  const own = userAccount(userId, COIN_ACCOUNT, currencyId);
  return [
    { account: own, bucket: 'frozen', amountMinor: -amount, kind: 'spot_release' },
    { account: own, bucket: 'available', amountMinor: amount, kind: 'spot_release' },
  ];
}

export interface FillParty {
  userId: number;
  /** True when this side's order was resting (maker rate). */
  maker: boolean;
}

/** One fill with everything its journal needs, all in minor units. */
export interface FillLegs {
  baseCurrencyId: number;
  quoteCurrencyId: number;
  buyer: number;
  seller: number;
  /** Base that changes hands. */
  base: bigint;
  /** Quote paid at the fill (maker's) price. */
  quote: bigint;
  /** Taken from the base the buyer receives. */
  buyerFee: bigint;
  /** Taken from the quote the seller receives. */
  sellerFee: bigint;
  /**
   * Quote the buyer held beyond the fill price and gets back now: a buy limit order that fills
   * below its limit (as a taker against cheaper asks). 0 for a resting buy, which fills at its price.
   */
  buyerRelease: bigint;
}

/**
 * The legs of a fill of `lots` at `priceTicks`. `buyerHoldTicks` is the price the buyer's hold was
 * sized at: its limit price, or the fill price itself for a market buy (whose hold was the book's
 * cost, released at the end) and for a resting buy.
 */
export function fillLegs(r: SpotSymbolRules, buyer: FillParty, seller: FillParty, priceTicks: number, lots: number, buyerHoldTicks: number): FillLegs {
  const base = BigInt(lots) * r.lotMinor;
  const quote = notionalMinor(r, priceTicks, lots);
  return {
    baseCurrencyId: r.baseCurrencyId,
    quoteCurrencyId: r.quoteCurrencyId,
    buyer: buyer.userId,
    seller: seller.userId,
    base,
    quote,
    buyerFee: feeOf(base, buyer.maker ? r.makerFeePpm : r.takerFeePpm),
    sellerFee: feeOf(quote, seller.maker ? r.makerFeePpm : r.takerFeePpm),
    buyerRelease: buyerHoldTicks > priceTicks ? notionalMinor(r, buyerHoldTicks - priceTicks, lots) : 0n,
  };
}

/** The taker's and maker's sides of a fill, as buyer and seller. */
export function partiesOf(takerSide: OrderSide, takerUserId: number, makerUserId: number): { buyer: FillParty; seller: FillParty } {
  const taker = { userId: takerUserId, maker: false };
  const maker = { userId: makerUserId, maker: true };
  return takerSide === 'buy' ? { buyer: taker, seller: maker } : { buyer: maker, seller: taker };
}

/**
 * One fill's journal: the seller's frozen base goes to the buyer less the buyer's fee, the buyer's
 * frozen quote goes to the seller less the seller's fee, fees go to the system 'fees' account, and a
 * price improvement comes back to the buyer's available quote. Zero legs are left out.
 */
export function spotFillPostings(x: FillLegs): PostingDraft[] {
  const postings: PostingDraft[] = [];
  const add = (p: PostingDraft) => {
    if (p.amountMinor !== 0n) postings.push(p);
  };
  const buyerBase = userAccount(x.buyer, COIN_ACCOUNT, x.baseCurrencyId);
  const buyerQuote = userAccount(x.buyer, COIN_ACCOUNT, x.quoteCurrencyId);
  const sellerBase = userAccount(x.seller, COIN_ACCOUNT, x.baseCurrencyId);
  const sellerQuote = userAccount(x.seller, COIN_ACCOUNT, x.quoteCurrencyId);
  add({ account: sellerBase, bucket: 'frozen', amountMinor: -x.base, kind: 'spot_sell' });
  add({ account: buyerBase, bucket: 'available', amountMinor: x.base - x.buyerFee, kind: 'spot_buy' });
  add({ account: systemAccount('fees', x.baseCurrencyId), bucket: 'available', amountMinor: x.buyerFee, kind: 'spot_fee' });
  add({ account: buyerQuote, bucket: 'frozen', amountMinor: -(x.quote + x.buyerRelease), kind: 'spot_buy' });
  add({ account: buyerQuote, bucket: 'available', amountMinor: x.buyerRelease, kind: 'spot_release' });
  add({ account: sellerQuote, bucket: 'available', amountMinor: x.quote - x.sellerFee, kind: 'spot_sell' });
  add({ account: systemAccount('fees', x.quoteCurrencyId), bucket: 'available', amountMinor: x.sellerFee, kind: 'spot_fee' });
  return postings;
}
