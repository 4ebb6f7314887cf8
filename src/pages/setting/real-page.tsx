import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { FIAT_TRADE_LIMIT_USDT, WITHDRAW_LIMIT_BTC, type RealState } from '../../../contract/api/wallet.ts';
import { fetchUserInfo } from '../../api/account.ts';
import { fetchRealState } from '../../api/verification.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { $user } from '../../stores/session.ts';
import { useStore } from '@nanostores/react';
import { $localeTag } from '../../stores/lang.ts';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { BindEmailDialog, BindPhoneDialog } from './bind-dialogs.tsx';
import { Level1Form, Level2Form } from './real-forms.tsx';
import './setting.css';

const ID_TYPES: Record<string, MessageDescriptor> = {
  id_card: msg`ID card`,
  passport: msg`Passport`,
  driver_license: msg`Driver's license`,
};

type Status = 'done' | 'review' | 'failed' | 'open' | 'locked';

/** Where a level stands, from the state the server answers. */
function levelStatus(s: RealState, level: 1 | 2): Status {
  if (s.level >= level) return 'done';
  if (s.pending_level === level && s.real_state === 1) return 'review';
  if (s.pending_level === level && s.real_state === 3) return 'failed';
  return level === 2 && s.level < 1 ? 'locked' : 'open';
}

/** The verification hub: what is missing first (email, phone), then level 1 and level 2, and the limits. */
export function RealPage() {
  const state = useResource(fetchRealState, []);
  return <ResourceView resource={state}>{(s) => <Hub state={s} reload={state.reload} />}</ResourceView>;
}

function Hub({ state: s, reload }: { state: RealState; reload: () => void }) {
  const { t, i18n } = useLingui();
  const tag = useStore($localeTag);
  const [dialog, setDialog] = useState<null | 'email' | 'phone'>(null);
  const ready = s.email_bound && s.phone_bound;
  const l1 = levelStatus(s, 1);
  const l2 = levelStatus(s, 2);
  const bound = () => {
    setDialog(null);
    reload();
    fetchUserInfo().then((u) => $user.set(u), () => undefined);
  };
  const statusText: Record<Status, string> = {
    done: t`Verified`,
    review: t`Under review`,
    failed: t`Failed`,
    open: t`Not verified`,
    locked: t`Locked`,
  };
  const badge = (status: Status) => (
    <span class={`badge badge--${status === 'done' ? 'ok' : status === 'failed' ? 'bad' : 'wait'}`} data-status={status}>
      {statusText[status]}
    </span>
  );
  const limits = (level: 1 | 2) => {
    const btc = formatNumber(WITHDRAW_LIMIT_BTC[level], { decimals: 0, locale: tag });
    const usdt = formatNumber(FIAT_TRADE_LIMIT_USDT[level], { decimals: 0, locale: tag });
    return (
      <p class="muted">
        <Trans>
          Withdraw up to {btc} BTC a day; single fiat trades up to {usdt} USDT.
        </Trans>
      </p>
    );
  };

  return (
    <div class="stack">
      {!ready && (
        <section class="card notice-card" aria-labelledby="first-title">
          <h2 class="card__title" id="first-title">
            <Trans>Before you verify</Trans>
          </h2>
          <p class="muted">
            <Trans>Identity verification needs a bound email and phone.</Trans>
          </p>
        </section>
      )}
      <div class="list">
        <Requirement label={t`Email`} done={s.email_bound} onBind={() => setDialog('email')} />
        <Requirement label={t`Phone`} done={s.phone_bound} onBind={() => setDialog('phone')} />
      </div>

      <Level title={t`Level 1 · Basic`} badge={badge(l1)} id="level-1">
        {limits(1)}
        {l1 === 'done' && (
          <dl class="facts">
            <div>
              <dt>{t`Full name`}</dt>
              <dd>{s.name}</dd>
            </div>
            <div>
              <dt>{t`Document`}</dt>
              <dd>
                {s.id_type ? i18n._(ID_TYPES[s.id_type] ?? ID_TYPES.id_card!) : ''} {s.card_id}
              </dd>
            </div>
          </dl>
        )}
        {l1 === 'review' && (
          <p>
            <Trans>We are reviewing your details. This usually takes less than a day.</Trans>
          </p>
        )}
        {l1 === 'failed' && (
          <p class="field__error">
            <Trans>Your last submission was not approved. Check the details and submit again.</Trans>
          </p>
        )}
        {(l1 === 'open' || l1 === 'failed') && (ready ? <Level1Form onSubmitted={reload} /> : <MissingFirst />)}
      </Level>

      <Level title={t`Level 2 · Advanced`} badge={badge(l2)} id="level-2">
        {limits(2)}
        {l2 === 'locked' && (
          <p class="muted">
            <Trans>Complete level 1 first.</Trans>
          </p>
        )}
        {l2 === 'review' && (
          <p>
            <Trans>We are reviewing your photos. This usually takes less than a day.</Trans>
          </p>
        )}
        {l2 === 'failed' && (
          <p class="field__error">
            <Trans>Your photos were not approved. Take clearer photos and submit again.</Trans>
          </p>
        )}
        {(l2 === 'open' || l2 === 'failed') && (ready ? <Level2Form onSubmitted={reload} /> : <MissingFirst />)}
      </Level>

      {dialog === 'email' && <BindEmailDialog onDone={bound} onClose={() => setDialog(null)} />}
      {dialog === 'phone' && <BindPhoneDialog onDone={bound} onClose={() => setDialog(null)} />}
    </div>
  );
}

function Requirement({ label, done, onBind }: { label: string; done: boolean; onBind: () => void }) {
  const { t } = useLingui();
  return (
    <div class="list__item" data-requirement={label}>
      <span class="list__label">{label}</span>
      {done ? (
        <span class="badge badge--ok">{t`Bound`}</span>
      ) : (
        <button type="button" class="btn btn--small btn--primary" onClick={onBind} aria-label={t`Bind ${label}`}>
          <Trans>Bind</Trans>
        </button>
      )}
    </div>
  );
}

function Level({ title, badge, id, children }: { title: string; badge: ComponentChildren; id: string; children: ComponentChildren }) {
  return (
    <section class="card stack" aria-labelledby={`${id}-title`} data-level={id}>
      <div class="record__line">
        <h2 class="card__title" id={`${id}-title`}>
          {title}
        </h2>
        {badge}
      </div>
      {children}
    </section>
  );
}

function MissingFirst() {
  return (
    <p class="muted">
      <Trans>Bind your email and phone above to continue.</Trans>
    </p>
  );
}
