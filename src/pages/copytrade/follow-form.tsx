import { useEffect, useId, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { COPY_MODES, type CopyMode, type FollowPreview, type MyFollow, type TraderRow } from '../../../contract/api/copytrade.ts';
import { ApiError } from '../../api/client.ts';
import { editFollowAction, fetchFollowPreview, followAction, type FollowSettings } from '../../api/copytrade.ts';
import { compareDecimal, isDecimalString } from '../../lib/decimal.ts';
import { normaliseAmountInput } from '../../lib/money.ts';
import { $lang } from '../../stores/lang.ts';
import { $online } from '../../stores/network.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { agreementPath } from './agreement-path.ts';
import { MODE_LABELS } from './copy-labels.ts';
import { FollowOutlook } from './follow-outlook.tsx';

const PREVIEW_DELAY_MS = 300;

/**
 * The follow settings: mode, the multiple or lots, the copy budget; checked here for form, then by
 * the server's preview (example sizes, skips and any refusal), which the user sees before sending.
 * A new follow needs the agreement accepted. Writing needs the network; offline the button says so.
 */
export function FollowForm({ trader, current, onDone }: { trader: TraderRow; current: MyFollow | null; onDone: (follow: MyFollow, edited: boolean) => void }) {
  const { t, i18n } = useLingui();
  const online = useStore($online);
  const lang = useStore($lang);
  const [mode, setMode] = useState<CopyMode>(current?.mode ?? 'multiple');
  const [number, setNumber] = useState(current?.number ?? '1');
  const [budget, setBudget] = useState(current?.budget ?? '');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<FollowPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const modeLabel = useId();
  const [follow] = useState(followAction);
  const [edit] = useState(editFollowAction);
  const cleanNumber = normaliseAmountInput(number);
  const cleanBudget = normaliseAmountInput(budget);
  const settings: FollowSettings = { trader_user_id: trader.trader_user_id, type: mode, number: cleanNumber, budget: cleanBudget };

  const numberProblem = (): string | null => {
    const ok = mode === 'lots' ? isDecimalString(cleanNumber, 0) : isDecimalString(cleanNumber, 2);
    if (!ok || compareDecimal(cleanNumber, '0') <= 0) return mode === 'lots' ? t`Enter a whole number of lots` : t`Enter a multiple above 0, at most 2 decimals`;
    return null;
  };
  const budgetProblem = (): string | null => (isDecimalString(cleanBudget, 2) && compareDecimal(cleanBudget, '0') > 0 ? null : t`Enter a budget in USDT`);

  // The server's preview of valid settings, a moment after typing stops; a refusal shows in place.
  useEffect(() => {
    setPreview(null);
    if (numberProblem() !== null || budgetProblem() !== null || !online) return undefined;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetchFollowPreview(settings, abort.signal).then(
        (answer) => setPreview(answer),
        (error: unknown) => !abort.signal.aborted && error instanceof ApiError && error.code !== 'OFFLINE' && setProblem(error.message),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [mode, cleanNumber, cleanBudget, online]);

  const send = () => {
    const found = numberProblem() ?? budgetProblem();
    setProblem(found);
    if (found || busy) return;
    if (!current && !agreed) {
      setProblem(t`Read and accept the copy trading agreement first`);
      return;
    }
    setBusy(true);
    const write = current ? edit(settings) : follow({ ...settings, agree: 1 });
    write.then(
      (answer) => {
        setBusy(false);
        onDone(answer, current !== null);
      },
      (error: unknown) => {
        setBusy(false);
        if (error instanceof ApiError) setProblem(error.message);
      },
    );
  };

  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    setProblem(null);
  };
  return (
    <form class="card copy-form" onSubmit={(e) => e.preventDefault()} noValidate aria-label={current ? t`Copy settings` : t`Follow settings`}>
      <div class="field">
        <span class="field__label" id={modeLabel}>
          <Trans>Copy mode</Trans>
        </span>
        <div class="chips" role="radiogroup" aria-labelledby={modeLabel}>
          {COPY_MODES.map((m) => (
            <button
              key={m}
              type="button"
              class="chip"
              role="radio"
              aria-checked={m === mode}
              data-mode={m}
              onClick={() => {
                setMode(m);
                setNumber('1');
                setProblem(null);
              }}
            >
              {i18n._(MODE_LABELS[m])}
            </button>
          ))}
        </div>
        <p class="muted copy-note">
          {mode === 'multiple' ? <Trans>Each copy is the trader's size times your multiple, rounded down to whole lots.</Trans> : <Trans>Each copy opens this many lots, whatever the trader's size.</Trans>}
        </p>
      </div>
      <TextField
        label={mode === 'multiple' ? t`Multiple` : t`Lots per copy`}
        name="number"
        inputMode="decimal"
        autoComplete="off"
        value={number}
        onInput={change(setNumber)}
      />
      {/* The explanation is a line of its own: as a placeholder it was cut off at 360 px and gone once typing. */}
      <div class="copy-field">
        <TextField label={t`Copy budget (USDT)`} name="budget" inputMode="decimal" autoComplete="off" value={budget} onInput={change(setBudget)} />
        <p class="muted copy-note">
          <Trans>Most margin your copies hold at once</Trans>
        </p>
      </div>
      {preview && <FollowOutlook preview={preview} />}
      {problem && (
        <p class="field__error" role="alert" data-testid="follow-problem">
          {problem}
        </p>
      )}
      {!current && (
        <label class="checkbox copy-agree">
          <input type="checkbox" name="agree" checked={agreed} onChange={(e) => (setAgreed((e.currentTarget as HTMLInputElement).checked), setProblem(null))} />
          <span>
            <Trans>
              I have read and accept the <a href={`#${agreementPath(lang)}`}>copy trading agreement</a>
            </Trans>
          </span>
        </label>
      )}
      {!online && (
        <p class="notice">
          <Trans>Following needs the network. Connect and try again.</Trans>
        </p>
      )}
      <SubmitButton onSubmit={send} disabled={!online || busy || (!current && !agreed)}>
        {current ? <Trans>Save settings</Trans> : <Trans>Follow</Trans>}
      </SubmitButton>
    </form>
  );
}
