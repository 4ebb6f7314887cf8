import { useLingui } from '@lingui/react/macro';
import type { IeoSubscription } from '../../../contract/api/ieo.ts';
import { formatDate } from '../../lib/format-date.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { PHASE_BADGES, PHASE_LABELS } from './ieo-labels.ts';

/**
 * One subscription: what was subscribed and frozen; once the allocation has run, the tokens
 * allocated, what was paid and refunded. `as` is 'li' in the list, 'div' on the sale's own screen.
 */
export function IeoSubscriptionRow({ sub: s, as: Tag = 'li', link = true }: { sub: IeoSubscription; as?: 'li' | 'div'; link?: boolean }) {
  const { t, i18n } = useLingui();
  const fmt = usePriceFormat();
  const tokens = (x: string | null) => (x === null ? '--' : `${fmt.amount(x)} ${s.symbol}`);
  const money = (x: string | null) => (x === null ? '--' : `${fmt.amount(x)} ${s.pay_currency}`);
  const settled = s.state === 'settled';
  const name = s.name;
  const when = formatDate(s.created_at, 'yyyy-mm-dd hh:MM');
  const body = (
    <>
      <div class="ieo-sub__head">
        <strong>{name}</strong>
        <span class="muted">{s.symbol}</span>
        <span class={PHASE_BADGES[s.phase]} data-field="phase">
          {i18n._(PHASE_LABELS[s.phase])}
        </span>
      </div>
      <dl class="ieo-sub__grid">
        <div>
          <dt>{t`Subscribed`}</dt>
          <dd class="num" data-field="amount">
            {tokens(s.amount)}
          </dd>
        </div>
        <div>
          <dt>{t`Committed`}</dt>
          <dd class="num" data-field="committed">
            {money(s.committed)}
          </dd>
        </div>
        <div>
          <dt>{t`Allocated`}</dt>
          <dd class="num" data-field="allocated">
            {tokens(s.allocated)}
          </dd>
        </div>
        <div>
          <dt>{t`Paid`}</dt>
          <dd class="num" data-field="paid">
            {money(s.paid)}
          </dd>
        </div>
        <div>
          <dt>{t`Refunded`}</dt>
          <dd class="num" data-field="refunded">
            {money(s.refunded)}
          </dd>
        </div>
        <div>
          <dt>{t`Tokens received`}</dt>
          <dd class="num" data-field="tokens">
            {tokens(s.tokens)}
          </dd>
        </div>
      </dl>
      <p class="ieo-sub__foot muted">
        <span>{t`First order ${when}`}</span>
        <span data-field="state">{settled ? t`Settled` : t`Frozen until the allocation`}</span>
      </p>
    </>
  );
  return (
    <Tag class="ieo-sub" data-subscription={s.id} data-state={s.state}>
      {link ? (
        <a class="ieo-sub__link" href={`#/pages/ieo/subscribe?id=${s.project_id}`}>
          {body}
        </a>
      ) : (
        body
      )}
    </Tag>
  );
}
