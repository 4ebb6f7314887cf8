import { useLingui } from '@lingui/react/macro';
import type { PositionSide } from '../../../contract/api/contracts.ts';
import { TextField } from '../../ui/text-field.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { stopReference, stopSide, type StopKind, type StopProblem } from './futures-stops.ts';

/** The localised sentence for a stop problem, naming the reference price the stop must clear. */
export function useStopText() {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  return (kind: StopKind, problem: StopProblem | null, reference: string | null | undefined, tickSize: string): string | null => {
    if (problem === null) return null;
    const price = fmt.price(reference ?? undefined, tickSize);
    if (problem === 'invalid') return kind === 'tp' ? t`Please enter the correct take-profit price` : t`Please enter the correct stop-loss price`;
    if (kind === 'tp') return problem === 'must_be_above' ? t`Take profit must be above ${price}` : t`Take profit must be below ${price}`;
    return problem === 'must_be_above' ? t`Stop loss must be above ${price}` : t`Stop loss must be below ${price}`;
  };
}

/**
 * Take-profit and stop-loss boxes side by side; the placeholder says which side of the reference
 * each must be on for the chosen direction, so the rule shows before it is broken.
 */
export function FuturesStopFields({
  side,
  reference,
  dealt,
  tickSize,
  tp,
  sl,
  onTp,
  onSl,
  problems,
}: {
  side: PositionSide;
  reference: string | null | undefined;
  /** A market order's preview price: each stop clears the stricter of it and the reference. */
  dealt?: string | null;
  tickSize: string;
  tp: string;
  sl: string;
  onTp: (value: string) => void;
  onSl: (value: string) => void;
  problems: { tp: StopProblem | null; sl: StopProblem | null };
}) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const text = useStopText();
  const refOf = (kind: StopKind) => stopReference(side, kind, reference, dealt);
  // "> 60,000.0": which side of the reference the stop must be, short enough for a half-width box.
  const hint = (kind: StopKind) => {
    const ref = refOf(kind);
    return ref ? `${stopSide(side, kind) === 'above' ? '>' : '<'} ${fmt.price(ref, tickSize)}` : t`Optional`;
  };
  return (
    <div class="futures-stops">
      <TextField label={t`Take profit`} name="target_profit_price" inputMode="decimal" autoComplete="off" value={tp} onInput={onTp} placeholder={hint('tp')} error={text('tp', problems.tp, refOf('tp'), tickSize)} />
      <TextField label={t`Stop loss`} name="stop_loss_price" inputMode="decimal" autoComplete="off" value={sl} onInput={onSl} placeholder={hint('sl')} error={text('sl', problems.sl, refOf('sl'), tickSize)} />
    </div>
  );
}
