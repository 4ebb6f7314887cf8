import { useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TraderSelf } from '../../../contract/api/copytrade.ts';
import { ApiError } from '../../api/client.ts';
import { applyTraderAction, fetchTraderSelf, setProfitShareAction } from '../../api/copytrade.ts';
import { compareDecimal, isDecimalString, shiftDecimal, trimDecimal } from '../../lib/decimal.ts';
import { normaliseAmountInput } from '../../lib/money.ts';
import { $lang } from '../../stores/lang.ts';
import { $online } from '../../stores/network.ts';
import { showToast } from '../../stores/toast.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { agreementPath } from './agreement-path.ts';
import { trendOf, useCopyFormat } from './copy-format.ts';

/** Becoming a trader: apply after accepting the agreement; while pending, the state; once approved, the profit share and followers. */
export function TraderSelfPanel() {
  const online = useStore($online);
  const self = useResource(fetchTraderSelf, []);
  return (
    <ResourceView resource={self}>
      {({ data, asOf }) => (
        <>
          <AsOf asOf={asOf} online={online} />
          {data.state === 'approved' ? <TraderSettings self={data} onSaved={self.reload} /> : <TraderApplication self={data} onApplied={self.reload} />}
        </>
      )}
    </ResourceView>
  );
}

function TraderApplication({ self, onApplied }: { self: TraderSelf; onApplied: () => void }) {
  const { t } = useLingui();
  const online = useStore($online);
  const lang = useStore($lang);
  const [intro, setIntro] = useState(self.introduction);
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (self.state === 'pending') {
    return (
      <section class="card copy-form" data-testid="trader-pending">
        <h2 class="card__title">
          <Trans>Your application is under review</Trans>
        </h2>
        <p class="muted">
          <Trans>We will let you know when it is decided. Once approved you can set your profit share and followers can copy your futures trades.</Trans>
        </p>
      </section>
    );
  }
  const send = () => {
    if (busy) return;
    if (!agreed) {
      setProblem(t`Read and accept the copy trading agreement first`);
      return;
    }
    setBusy(true);
    applyTraderAction(intro.trim()).then(
      () => {
        setBusy(false);
        showToast(t`Application sent`, 'success');
        onApplied();
      },
      (error: unknown) => {
        setBusy(false);
        if (error instanceof ApiError) setProblem(error.message);
      },
    );
  };
  return (
    <form class="card copy-form" onSubmit={(e) => e.preventDefault()} noValidate aria-label={t`Become a trader`}>
      <h2 class="card__title">
        <Trans>Become a trader</Trans>
      </h2>
      <p class="muted copy-note">
        <Trans>Followers copy your futures trades and pay you a share of the profit their copies make. Your nickname, trades and figures are shown to everyone.</Trans>
      </p>
      {self.state === 'rejected' && (
        <p class="notice">
          <Trans>Your last application was not approved. You may apply again.</Trans>
        </p>
      )}
      <TextField label={t`Introduction (optional)`} name="introduction" value={intro} maxLength={200} onInput={(v) => (setIntro(v), setProblem(null))} placeholder={t`Your trading style, in a sentence or two`} />
      <label class="checkbox copy-agree">
        <input type="checkbox" name="agree" checked={agreed} onChange={(e) => (setAgreed((e.currentTarget as HTMLInputElement).checked), setProblem(null))} />
        <span>
          <Trans>
            I have read and accept the <a href={`#${agreementPath(lang)}`}>copy trading agreement</a>
          </Trans>
        </span>
      </label>
      {problem && (
        <p class="field__error" role="alert">
          {problem}
        </p>
      )}
      {!online && (
        <p class="notice">
          <Trans>Applying needs the network. Connect and try again.</Trans>
        </p>
      )}
      <SubmitButton onSubmit={send} disabled={!online || busy || !agreed}>
        <Trans>Apply</Trans>
      </SubmitButton>
    </form>
  );
}

const toPercent = (fraction: string) => (isDecimalString(fraction) ? trimDecimal(shiftDecimal(fraction, 2)) : '');

function TraderSettings({ self, onSaved }: { self: TraderSelf; onSaved: () => void }) {
  const { t } = useLingui();
  const f = useCopyFormat();
  const online = useStore($online);
  const [percent, setPercent] = useState(toPercent(self.profit_share));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clean = normaliseAmountInput(percent);
  const maxPercent = toPercent(self.max_profit_share);
  const followers = self.followers;
  const maxFollowers = self.max_followers;
  const send = () => {
    if (busy) return;
    if (!isDecimalString(clean, 2) || compareDecimal(clean, maxPercent || '0') > 0) {
      setProblem(t`Enter a share from 0 to ${maxPercent}%`);
      return;
    }
    setBusy(true);
    setProfitShareAction(shiftDecimal(clean, -2)).then(
      () => {
        setBusy(false);
        showToast(t`Profit share saved`, 'success');
        onSaved();
      },
      (error: unknown) => {
        setBusy(false);
        if (error instanceof ApiError) setProblem(error.message);
      },
    );
  };
  return (
    <>
      <section class="card" aria-label={t`You as a trader`} data-testid="trader-approved">
        <h2 class="card__title">
          <Trans>You are a trader</Trans>
        </h2>
        <dl class="facts">
          <div>
            <dt>
              <Trans>Followers</Trans>
            </dt>
            <dd class="num">
              {followers}/{maxFollowers}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Profit share</Trans>
            </dt>
            <dd class="num">{f.rateText(self.profit_share)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Profit share received</Trans>
            </dt>
            <dd class={`num ${trendOf(self.shares_received)}`}>{f.usdt(self.shares_received)} USDT</dd>
          </div>
        </dl>
      </section>
      <form class="card copy-form" onSubmit={(e) => e.preventDefault()} noValidate aria-label={t`Profit share`}>
        <TextField
          label={t`Profit share (%)`}
          name="profit_share"
          inputMode="decimal"
          autoComplete="off"
          value={percent}
          onInput={(v) => (setPercent(v), setProblem(null))}
          placeholder={t`0 to ${maxPercent}`}
          error={problem}
        />
        <p class="muted copy-note">
          <Trans>A new share applies to new followers; those following now keep the share they accepted.</Trans>
        </p>
        <SubmitButton onSubmit={send} disabled={!online || busy}>
          <Trans>Save profit share</Trans>
        </SubmitButton>
      </form>
    </>
  );
}
