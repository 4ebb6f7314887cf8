import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FuturesAccountRisk, FuturesDeal, FuturesOrderType, FuturesSubmitResult, PositionSide } from '../../../contract/api/contracts.ts';
import type { Quotation } from '../../../contract/api/market.ts';
import { submitOrderAction, type PreviewQuery } from '../../api/futures.ts';
import { trimDecimal } from '../../lib/decimal.ts';
import { normaliseAmountInput } from '../../lib/money.ts';
import { stepBy } from '../../lib/order-math.ts';
import { showToast } from '../../stores/toast.ts';
import { ResourceView } from '../../ui/resource-view.tsx';
import { StepperField } from '../../ui/stepper-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { FuturesConfirmDialog, type ConfirmOrder } from './futures-confirm-dialog.tsx';
import { useLeverDeal } from './futures-deal.ts';
import { isValidPrice, lotsProblem, lotsQuantity, stepLots, type LotsProblem } from './futures-math.ts';
import { FuturesPreviewFacts } from './futures-preview-facts.tsx';
import { FuturesStopFields } from './futures-stop-fields.tsx';
import { checkStops } from './futures-stops.ts';

export interface FuturesOrderFormProps {
  pair: Quotation;
  /** The live mark; the reference for a market order's stops. */
  mark: string | null;
  /** The live account (from the positions' stream), fresher than the deal's balance. */
  account: FuturesAccountRisk | undefined;
  onPlaced: (result: FuturesSubmitResult) => void;
  /** The symbol's terms arrived (the positions use the liquidation rate). */
  onTerms?: (deal: FuturesDeal) => void;
}

/** Long or short, multiple, market or limit, lots, optional TP/SL, a live preview, and a confirmation before it is sent. */
export function FuturesOrderForm(props: FuturesOrderFormProps) {
  const { t } = useLingui();
  const [side, setSide] = useState<PositionSide>('long');
  const [multiple, setMultiple] = useState(0);
  const [orderType, setOrderType] = useState<FuturesOrderType>('market');
  const [price, setPrice] = useState('');
  const [lots, setLots] = useState('1');
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState<ConfirmOrder | null>(null);
  const [sending, setSending] = useState(false);
  const [submit] = useState(submitOrderAction);

  const cleanPrice = normaliseAmountInput(price);
  const lotsText = lots.trim();
  const previewQuery = (terms: { min_lots: number; max_lots: number; tick_size: string } | null): PreviewQuery | null => {
    if (!terms || multiple === 0 || lotsProblem(lotsText, terms.min_lots, terms.max_lots)) return null;
    if (orderType === 'limit' && !isValidPrice(cleanPrice, terms.tick_size)) return null;
    return { type: side, multiple, lots: Number(lotsText), target_price: orderType === 'limit' ? cleanPrice : '' };
  };
  const [terms, setTerms] = useState<{ min_lots: number; max_lots: number; tick_size: string } | null>(null);
  const view = useLeverDeal(props.pair.symbol, previewQuery(terms));
  const deal = view.deal;

  useEffect(() => {
    if (!deal) return;
    setTerms({ min_lots: deal.min_lots, max_lots: deal.max_lots, tick_size: deal.tick_size });
    props.onTerms?.(deal);
    // The first multiple that is offered, or the one kept when the symbol offers it too.
    setMultiple((m) => (deal.multiples.includes(m) ? m : (deal.multiples[Math.min(1, deal.multiples.length - 1)] ?? 0)));
    setLots((l) => (lotsProblem(l, deal.min_lots, deal.max_lots) === null ? l : String(deal.min_lots)));
  }, [deal?.symbol, deal?.min_lots, deal?.max_lots]);

  // A limit price starts at the mark once known.
  useEffect(() => {
    if (orderType === 'limit' && price === '' && props.mark) setPrice(trimDecimal(props.mark));
  }, [orderType]);

  return (
    <ResourceView resource={{ data: deal ?? undefined, error: view.failed ? true : undefined, loading: !view.failed, offline: view.offline, reload: view.reload }}>
      {(d) => {
        const reference = orderType === 'limit' ? (isValidPrice(cleanPrice, d.tick_size) ? cleanPrice : null) : (props.mark ?? d.mark_price);
        // A market order opens at its preview's price (the book's for its size): the stops must clear it too.
        const dealt = orderType === 'market' && !view.previewing ? d.preview?.price : null;
        const stops = checkStops({ side, reference, dealt, tickSize: d.tick_size, tp: normaliseAmountInput(tp), sl: normaliseAmountInput(sl) });
        const lotsIssue: LotsProblem | null = lotsProblem(lotsText, d.min_lots, d.max_lots);
        const priceIssue = orderType === 'limit' && !isValidPrice(cleanPrice, d.tick_size);
        const balance = props.account ?? d.balance;
        const open = () => {
          setShown(true);
          if (lotsIssue || priceIssue || stops.tp || stops.sl || multiple === 0) return;
          if (d.mark_price === null && props.mark === null) return;
          if (!view.previewing && d.preview && !d.preview.affordable) return;
          setConfirming({
            symbol: d.symbol, side, multiple, orderType, lots: Number(lotsText), quantity: lotsQuantity(Number(lotsText), d.lot_size), base: props.pair.base,
            price: orderType === 'limit' ? cleanPrice : null, tp: normaliseAmountInput(tp), sl: normaliseAmountInput(sl),
          });
        };
        const send = (order: ConfirmOrder) => {
          if (sending) return;
          setSending(true);
          submit({
            symbol: order.symbol, type: order.side, multiple: order.multiple, lots: order.lots, order_type: order.orderType,
            target_price: order.price ?? '', target_profit_price: order.tp, stop_loss_price: order.sl,
          }).then(
            (result) => {
              setSending(false);
              setConfirming(null);
              setShown(false);
              setTp('');
              setSl('');
              showToast(result.position.state === 'pending' ? t`Limit order placed` : t`Position opened`, 'success');
              props.onPlaced(result);
              view.reload();
            },
            () => {
              setSending(false);
              setConfirming(null);
            },
          );
        };
        return (
          <form class={`card order-form futures-form order-form--${side === 'long' ? 'buy' : 'sell'}`} onSubmit={(e) => e.preventDefault()} noValidate aria-label={t`Open a position`}>
            <div class="side-switch" role="radiogroup" aria-label={t`Direction`}>
              <button type="button" role="radio" aria-checked={side === 'long'} class="side-switch__buy" onClick={() => setSide('long')}>
                <Trans>Long</Trans>
              </button>
              <button type="button" role="radio" aria-checked={side === 'short'} class="side-switch__sell" onClick={() => setSide('short')}>
                <Trans>Short</Trans>
              </button>
            </div>
            <FormRow label={t`Leverage`}>
              <div class="chips futures-multiples" role="radiogroup" aria-label={t`Leverage`}>
                {d.multiples.map((m) => (
                  <button key={m} type="button" role="radio" class="chip" aria-checked={m === multiple} onClick={() => setMultiple(m)}>
                    {m}×
                  </button>
                ))}
              </div>
            </FormRow>
            <div class="segmented" role="radiogroup" aria-label={t`Order type`}>
              <button type="button" role="radio" aria-checked={orderType === 'market'} onClick={() => setOrderType('market')}>
                <Trans>Market order</Trans>
              </button>
              <button type="button" role="radio" aria-checked={orderType === 'limit'} onClick={() => setOrderType('limit')}>
                <Trans>Limit order</Trans>
              </button>
            </div>
            {orderType === 'limit' ? (
              <LimitPrice quote={props.pair.quote} value={price} tickSize={d.tick_size} onChange={setPrice} error={shown && priceIssue ? t`Please enter the correct price` : null} />
            ) : (
              <p class="market-price-note">
                <Trans>Opens at the market price</Trans>
              </p>
            )}
            <LotsField lots={lots} onChange={setLots} min={d.min_lots} max={d.max_lots} lotSize={d.lot_size} base={props.pair.base} problem={shown ? lotsIssue : null} />
            <FuturesStopFields side={side} reference={reference} dealt={dealt} tickSize={d.tick_size} tp={tp} sl={sl} onTp={setTp} onSl={setSl} problems={shown ? stops : { tp: null, sl: null }} />
            <FuturesPreviewFacts deal={d} balance={balance} previewing={view.previewing} quote={props.pair.quote} />
            {d.mark_price === null && props.mark === null && (
              <p class="field__error" role="alert">
                <Trans>This symbol has no price yet. Please try again shortly.</Trans>
              </p>
            )}
            <SubmitButton onSubmit={open}>{side === 'long' ? <Trans>Open long</Trans> : <Trans>Open short</Trans>}</SubmitButton>
            {confirming && <FuturesConfirmDialog order={confirming} deal={d} previewing={view.previewing} quote={props.pair.quote} mark={props.mark} busy={sending} onCancel={() => setConfirming(null)} onConfirm={() => send(confirming)} />}
          </form>
        );
      }}
    </ResourceView>
  );
}

function FormRow({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="futures-row">
      <span class="futures-row__label">{label}</span>
      {children}
    </div>
  );
}

function LimitPrice({ quote, value, tickSize, onChange, error }: { quote: string; value: string; tickSize: string; onChange: (v: string) => void; error: string | null }) {
  const { t } = useLingui();
  return (
    <StepperField
      label={t`Limit price (${quote})`}
      name="target_price"
      value={value}
      onInput={onChange}
      onStep={(d) => onChange(stepBy(normaliseAmountInput(value), tickSize, d))}
      error={error}
      decreaseLabel={t`Lower the price`}
      increaseLabel={t`Raise the price`}
    />
  );
}

function LotsField(p: { lots: string; onChange: (v: string) => void; min: number; max: number; lotSize: string; base: string; problem: LotsProblem | null }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const { min, max, base } = p;
  const size = `${fmt.amount(p.lotSize, p.lotSize)} ${base}`;
  const minLots = fmt.amount(String(min), '1');
  const maxLots = fmt.amount(String(max), '1');
  const errors = useMemo(
    () => ({ invalid: t`Please enter a whole number of lots`, below_min: t`At least ${min} lots`, above_max: t`At most ${max} lots` }),
    [t, min, max],
  );
  return (
    <div class="futures-lots">
      <StepperField
        label={t`Lots`}
        name="lots"
        value={p.lots}
        onInput={p.onChange}
        onStep={(d) => p.onChange(stepLots(p.lots, min, max, d))}
        error={p.problem ? errors[p.problem] : null}
        decreaseLabel={t`One lot less`}
        increaseLabel={t`One lot more`}
      />
      <p class="futures-hint">
        <Trans>
          1 lot = {size} · {minLots}–{maxLots} lots
        </Trans>
      </p>
    </div>
  );
}
