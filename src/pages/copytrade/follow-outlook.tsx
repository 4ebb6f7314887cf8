import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FollowPreview } from '../../../contract/api/copytrade.ts';
import { PREVIEW_PROBLEMS, SKIP_REASONS } from './copy-labels.ts';
import { useCopyFormat } from './copy-format.ts';

/** The server's preview of a follow: the account it draws on, the share the trader takes, and example copy sizes. */
export function FollowOutlook({ preview: p }: { preview: FollowPreview }) {
  const { t, i18n } = useLingui();
  const f = useCopyFormat();
  const share = f.rateText(p.profit_share);
  const problem = p.problem === null ? null : PREVIEW_PROBLEMS[p.problem];
  return (
    <section class="copy-outlook" aria-label={t`What will happen`} data-testid="follow-preview">
      <dl class="facts">
        <div>
          <dt>
            <Trans>Futures account available</Trans>
          </dt>
          <dd class="num" data-field="available">
            {f.usdt(p.available)} USDT
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Profit share</Trans>
          </dt>
          <dd class="num">{share}</dd>
        </div>
      </dl>
      <p class="muted copy-note">
        <Trans>The trader receives {share} of the profit your copies realise, settled when none of them is open and when you stop following. Nothing is taken from losses.</Trans>
      </p>
      <h3 class="copy-outlook__title">
        <Trans>When the trader opens</Trans>
      </h3>
      <ul class="copy-examples">
        {/* An open position of the trader's size 1 or 10 repeats the fixed examples: each size once. */}
        {p.examples.filter((e, i, all) => all.findIndex((x) => x.trader_lots === e.trader_lots) === i).map((e, i) => {
          const theirs = e.trader_lots;
          const yours = e.lots;
          const reason = e.skip_reason ? i18n._(SKIP_REASONS[e.skip_reason]) : '';
          return (
            <li key={i} data-trader-lots={theirs}>
              <span>{t`${plural(theirs, { one: '# lot', other: '# lots' })}`}</span>
              <span aria-hidden="true">→</span>
              {reason ? <span class="trend-down">{t`Skipped: ${reason}`}</span> : <strong class="num">{t`You open ${plural(yours, { one: '# lot', other: '# lots' })}`}</strong>}
            </li>
          );
        })}
      </ul>
      {p.problem !== null && (
        <p class="notice" role="alert" data-testid="follow-preview-problem">
          {problem ? i18n._(problem) : <Trans>Following with these settings would be refused now.</Trans>}
        </p>
      )}
    </section>
  );
}
