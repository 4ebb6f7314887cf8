import type { ExchangeQuote, FundAccount } from '../../../contract/api/wallet.ts';
import { exchangeSplit } from '../../domain/fee-rules.ts';
import { FIAT_ACCOUNT, exchangePostings } from '../../domain/journal-builders.ts';
import { fiatTradeProblem } from '../../domain/limit-rules.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, verifyRequired, type Outcome } from '../../domain/outcome.ts';
import { convertMinor, crossPriceMinor, PRICE_DECIMALS } from '../../domain/reference-prices.ts';
import { pricedOf, type CurrencyRow, type CurrencyService } from '../currency-service.ts';
import type { IdentityService } from '../identity-service.ts';
import { notionalOf, pricedDeal, scaledQty, type DealPrice } from './house-price.ts';
import { NO_MARGIN_GUARD, refusedMove, type MarginGuard } from './margin-guard.ts';
import type { IdempotencyService, IdempotentCall } from '../ledger/idempotency-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { iso, type ServiceContext } from '../service-context.ts';

export interface ExchangeForm {
  from: CurrencyRow;
  to: CurrencyRow;
  amountMinor: bigint;
  account: FundAccount;
}

interface Priced {
  quote: ExchangeQuote;
  gross: bigint;
  fee: bigint;
}

const VALUATION_SYMBOL = 'USDT';
const VALUATION_DECIMALS_FALLBACK = 6;

/**
 * Section 6's single fiat trade limit for one amount of a currency (top-ups and exchanges involving
 * the fiat account): 998 below level 1, WALLET.FIAT_LIMIT above the level's limit.
 */
export async function checkFiatLimit(currencies: CurrencyService, identity: IdentityService, userId: number, currency: CurrencyRow, amountMinor: bigint): Promise<Outcome<void>> {
  const usdt = await currencies.usable(VALUATION_SYMBOL);
  const valuation = usdt.ok ? pricedOf(usdt.value) : { decimals: VALUATION_DECIMALS_FALLBACK, priceTicks: 10n ** BigInt(PRICE_DECIMALS) };
  const value = convertMinor(amountMinor, pricedOf(currency), valuation, true);
  const problem = fiatTradeProblem(await identity.level(userId), value, valuation.decimals);
  if (problem === 'verify') return verifyRequired();
  return problem === 'limit' ? failure('WALLET.FIAT_LIMIT', 'amount') : success(undefined);
}

/**
 * Exchange between two currencies against the house at the spot markets' prices, the worse for the
 * user (house-price.ts houseDealPrice: what the user gives at the lowest of its X/USDT mark, target
 * and the bids' average for its amount, what they receive at the highest of mark, target and the
 * asks' average for what that amount buys; the reference price where a currency has no market yet),
 * the fee booked to the fee account. The quote is priced the same way, so the rate shown before
 * confirming is the one dealt at, as of that moment.
 */
export class ExchangeService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly ledger: LedgerService,
    private readonly currencies: CurrencyService,
    private readonly identity: IdentityService,
    private readonly idempotency: IdempotencyService,
    private readonly dealPrice: DealPrice = () => null,
    private readonly margins: MarginGuard = NO_MARGIN_GUARD,
  ) {}

  private price(userId: number, form: ExchangeForm): Outcome<Priced> {
    // The given currency sells its amount into the bids; the received one buys with that amount's value from the asks.
    const from = pricedDeal(form.from, this.dealPrice, false, { qtyScaled: scaledQty(form.amountMinor, form.from.decimals) }, userId);
    const to = pricedDeal(form.to, this.dealPrice, true, { notional: notionalOf(form.amountMinor, from) }, userId);
    if (form.from.id === form.to.id || from.priceTicks === 0n || to.priceTicks === 0n) return failure('WALLET.EXCHANGE_UNAVAILABLE', 'to_currency');
    const gross = convertMinor(form.amountMinor, from, to);
    const split = exchangeSplit(gross);
    if (split.receive <= 0n) return failure('WALLET.AMOUNT_TOO_SMALL', 'amount');
    return success({
      gross,
      fee: split.fee,
      quote: {
        from_currency: form.from.symbol,
        to_currency: form.to.symbol,
        amount: minorToDecimal(form.amountMinor, form.from.decimals),
        price: minorToDecimal(crossPriceMinor(from, to, PRICE_DECIMALS), PRICE_DECIMALS),
        fee: minorToDecimal(split.fee, form.to.decimals),
        receive: minorToDecimal(split.receive, form.to.decimals),
      },
    });
  }

  quote(userId: number, form: ExchangeForm): Outcome<ExchangeQuote> {
    const priced = this.price(userId, form);
    return priced.ok ? success(priced.value.quote) : priced;
  }

  async exchange(call: IdempotentCall, form: ExchangeForm): Promise<Outcome<ExchangeQuote>> {
    const replay = await this.idempotency.replay<ExchangeQuote>(call);
    if (replay) return replay;
    const priced = this.price(call.userId, form);
    if (!priced.ok) return priced;
    if (form.account === FIAT_ACCOUNT) {
      const limit = await checkFiatLimit(this.currencies, this.identity, call.userId, form.from, form.amountMinor);
      if (!limit.ok) return limit;
    }
    const { quote, gross, fee } = priced.value;
    return this.idempotency.run(call, async (trx) => {
      const refused = await refusedMove(this.margins, trx, call.userId, form.account, form.from.id, form.amountMinor, 'amount');
      if (refused) return refused;
      const row = await trx.insertInto('exchanges').values({
        user_id: call.userId, account: form.account, from_currency_id: form.from.id, to_currency_id: form.to.id,
        amount_minor: form.amountMinor.toString(), receive_minor: (gross - fee).toString(), fee_minor: fee.toString(),
        price: quote.price, journal_id: 0, created_at: iso(this.ctx.clock.now()),
      }).returning('id').executeTakeFirstOrThrow();
      const journal = await this.ledger.book(trx, {
        kind: 'exchange', userId: call.userId, refType: 'exchange', refId: row.id, reversesJournalId: null,
        postings: exchangePostings({ userId: call.userId, account: form.account, fromCurrencyId: form.from.id, toCurrencyId: form.to.id, amount: form.amountMinor, gross, fee }),
      });
      if (!journal.ok) return { ...journal, field: 'amount' };
      await trx.updateTable('exchanges').set({ journal_id: journal.value }).where('id', '=', row.id).execute();
      return success(quote);
    });
  }
}

