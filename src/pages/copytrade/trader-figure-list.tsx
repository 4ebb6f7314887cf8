import type { ComponentChildren } from 'preact';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TraderFigures } from '../../../contract/api/copytrade.ts';
import { trendOf, useCopyFormat } from './copy-format.ts';

/** A trader's figures of one window (yield, profit, win rate), as the ranking and the trader's page show them; `children` adds rows. */
export function TraderFigureList({ figures: w, children }: { figures: TraderFigures; children?: ComponentChildren }) {
  const { t } = useLingui();
  const f = useCopyFormat();
  const days = w.days;
  return (
    <dl class="copy-figures">
      <div>
        <dt>{t`${days}-day yield`}</dt>
        <dd class={`num copy-figures__main ${trendOf(w.yield, 4)}`} data-field="yield">
          {f.yieldText(w.yield)}
        </dd>
      </div>
      <div>
        <dt>{t`${days}-day profit (USDT)`}</dt>
        <dd class={`num ${trendOf(w.profit)}`} data-field="profit">
          {f.signed(w.profit)}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Win rate</Trans>
        </dt>
        <dd class="num" data-field="accuracy">
          {f.rateText(w.accuracy)}
        </dd>
      </div>
      {children}
    </dl>
  );
}
