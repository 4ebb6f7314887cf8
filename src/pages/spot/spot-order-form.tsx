import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderKind, Quotation, SpotOrder } from '../../../contract/api/market.ts';
import { placeOrderAction } from '../../api/spot.ts';
import { compareDecimal, isDecimalString, trimDecimal } from '../../lib/decimal.ts';
import { normaliseAmountInput } from '../../lib/money.ts';
import { amountForPercent, checkOrder, orderFee, orderTotal, PERCENTS, stepBy, type OrderProblem, type Percent, type Side } from '../../lib/order-math.ts';
import { $online } from '../../stores/network.ts';
import { showToast } from '../../stores/toast.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { StepperField } from '../../ui/stepper-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useRateText } from '../shared/use-rate-text.ts';
import type { Funds } from './spot-account-state.ts';

export interface OrderFormProps {
  pair: Quotation;
  /** The live last price (an estimate for market orders). */
  last: string | undefined;
  signedIn: boolean;
  funds: ReadonlyMap<number, Funds> | null;
  /** When `funds` were current; null while the private stream keeps them current. */
  fundsAsOf: number | null;
  /** A price tapped in the order book. */
  pickedPrice: { price: string; at: number } | null;
  onPlaced: (order: SpotOrder) => void;
  loginHref: string;
}

/** Buy or sell, limit or market, with price and amount steppers, % of balance, fee and total. */
export function SpotOrderForm({ pair, last, signedIn, funds, fundsAsOf, pickedPrice, onPlaced, loginHref }: OrderFormProps) {
  const { t } = useLingui();
  const online = useStore($online);
  const fmt = usePriceFormat();
  const rateText = useRateText();
  const [side, setSide] = useState<Side>('buy');
  const [kind, setKind] = useState<OrderKind>('limit');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<OrderProblem | null>(null);
  const [place] = useState(placeOrderAction);

  // A new pair starts clean; the price box starts at the last price once it is known (once: a box
  // the user empties stays empty).
  const prefilled = useRef('');
  useEffect(() => {
    setPrice('');
    setAmount('');
    setProblem(null);
  }, [pair.symbol]);
  useEffect(() => {
    if (prefilled.current === pair.symbol || !last || !isDecimalString(last)) return;
    prefilled.current = pair.symbol;
    setPrice(last);
  }, [last, pair.symbol]);
  useEffect(() => {
    if (!pickedPrice) return;
    setKind('limit');
    setPrice(pickedPrice.price);
    setProblem(null);
  }, [pickedPrice]);

  const base = pair.base;
  const quote = pair.quote;
  const availableBase = funds?.get(pair.currency_id)?.available ?? '0';
  const availableQuote = funds?.get(pair.legal_id)?.available ?? '0';
  const cleanPrice = normaliseAmountInput(price);
  const cleanAmount = normaliseAmountInput(amount);
  const estimate = kind === 'market' ? (last ?? '') : cleanPrice;

  const check = { side, kind, price: estimate, amount: cleanAmount, tickSize: pair.tick_size, lotSize: pair.lot_size, minNotional: pair.min_notional, availableBase, availableQuote };
  const figures = useMemo(() => {
    const ok = (s: string) => isDecimalString(s) && compareDecimal(s, '0') > 0;
    if (!ok(estimate) || !ok(cleanAmount)) return null;
    const total = orderTotal(estimate, cleanAmount);
    return { total, ...orderFee(side, cleanAmount, total, pair.taker_fee) };
  }, [estimate, cleanAmount, side, pair.taker_fee]);

  const setPercent = (pct: Percent) => {
    const at = isDecimalString(estimate) && compareDecimal(estimate, '0') > 0 ? estimate : (last ?? '');
    setAmount(trimDecimal(amountForPercent({ side, pct, availableBase, availableQuote, price: at, lotSize: pair.lot_size })));
    setProblem(null);
  };

  const submit = () => {
    const found = checkOrder(check);
    setProblem(found);
    if (found) return;
    place({ symbol: pair.symbol, type: side, amount: cleanAmount, target_price: kind === 'limit' ? cleanPrice : undefined }).then(
      (order) => {
        showToast(order.state === 'filled' ? t`Order filled` : t`Order placed`, 'success');
        setAmount('');
        onPlaced(order);
      },
      () => undefined,
    );
  };

  const minText = `${fmt.price(pair.min_notional)} ${quote}`;
  const problemText: Record<OrderProblem, string> = {
    price: t`Please enter the correct price`,
    amount: t`Please enter the correct amount`,
    min_notional: t`The minimum order value is ${minText}`,
    insufficient: t`Insufficient balance`,
  };
  const feeRate = rateText(pair.taker_fee);
  const available = side === 'buy' ? `${fmt.amount(availableQuote)} ${quote}` : `${fmt.amount(availableBase, pair.lot_size)} ${base}`;
  const approx = kind === 'market' ? '≈ ' : '';
  const kinds: [OrderKind, string][] = [
    ['limit', t({ message: 'Limit', context: 'order type' })],
    ['market', t({ message: 'Market', context: 'order type' })],
  ];

  return (
    <form class={`order-form order-form--${side}`} onSubmit={(e) => e.preventDefault()} noValidate aria-label={t`Place an order`}>
      <div class="side-switch" role="radiogroup" aria-label={t`Side`}>
        <button type="button" role="radio" aria-checked={side === 'buy'} class="side-switch__buy" onClick={() => (setSide('buy'), setProblem(null))}>
          <Trans>Buy</Trans>
        </button>
        <button type="button" role="radio" aria-checked={side === 'sell'} class="side-switch__sell" onClick={() => (setSide('sell'), setProblem(null))}>
          <Trans>Sell</Trans>
        </button>
      </div>
      {/* Two choices, one tap each; a word each, as exchanges label them, so they fit half of a phone's column in every language. */}
      <div class="segmented" role="radiogroup" aria-label={t`Order type`}>
        {kinds.map(([value, label]) => (
          <button key={value} type="button" role="radio" aria-checked={kind === value} onClick={() => (setKind(value), setProblem(null))}>
            {label}
          </button>
        ))}
      </div>
      {kind === 'limit' ? (
        <StepperField
          label={t`Price (${quote})`}
          name="price"
          value={price}
          onInput={(v) => (setPrice(v), setProblem(null))}
          onStep={(d) => (setPrice(stepBy(cleanPrice, pair.tick_size, d)), setProblem(null))}
          error={problem === 'price' ? problemText.price : null}
          decreaseLabel={t`Lower the price`}
          increaseLabel={t`Raise the price`}
        />
      ) : (
        <p class="market-price-note">
          <Trans>At the best market price</Trans>
        </p>
      )}
      <StepperField
        label={t`Amount (${base})`}
        name="amount"
        value={amount}
        onInput={(v) => (setAmount(v), setProblem(null))}
        onStep={(d) => (setAmount(stepBy(cleanAmount, pair.lot_size, d)), setProblem(null))}
        error={problem && problem !== 'price' ? problemText[problem] : null}
        decreaseLabel={t`Decrease the amount`}
        increaseLabel={t`Increase the amount`}
      />
      <div class="percent-row" role="group" aria-label={t`Share of the available balance`}>
        {PERCENTS.map((pct) => (
          <button key={pct} type="button" class="percent-btn" disabled={!signedIn} onClick={() => setPercent(pct)}>
            {pct}%
          </button>
        ))}
      </div>
      <dl class="order-facts">
        <div>
          <dt>
            <Trans>Available</Trans>
          </dt>
          <dd class="num" data-testid="available">
            {signedIn && funds ? available : '--'}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd class="num" data-testid="order-total">
            {figures ? `${approx}${fmt.amount(figures.total)} ${quote}` : '--'}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Fee ({feeRate})</Trans>
          </dt>
          <dd class="num" data-testid="order-fee">
            {figures ? `${approx}${fmt.amount(figures.fee)} ${figures.inQuote ? quote : base}` : '--'}
          </dd>
        </div>
      </dl>
      {signedIn && funds && fundsAsOf !== null && <AsOf asOf={fundsAsOf} online={online} />}
      {signedIn ? (
        <SubmitButton onSubmit={submit}>
          {side === 'buy' ? <Trans>Buy {base}</Trans> : <Trans>Sell {base}</Trans>}
        </SubmitButton>
      ) : (
        <a class="btn btn--primary btn--block" href={loginHref}>
          <Trans>Log in to trade</Trans>
        </a>
      )}
    </form>
  );
}
