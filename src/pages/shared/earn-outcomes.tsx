import { Trans, useLingui } from '@lingui/react/macro';
import type { EarnFixing, EarnOutcome } from '../../../contract/api/invest.ts';
import { formatDate } from '../../lib/format-date.ts';
import { conditionText } from './earn-labels.ts';
import './earn.css';

/** Which price settles, and when: the average of the window before the fixing time. */
export function FixingNote({ fixing }: { fixing: EarnFixing }) {
  const at = formatDate(fixing.at, 'yyyy-mm-dd hh:MM');
  const from = formatDate(fixing.from, 'hh:MM');
  const to = formatDate(fixing.at, 'hh:MM');
  const symbol = fixing.symbol;
  const minutes = fixing.window_minutes;
  return (
    <p class="earn-fixing muted">
      <Trans>
        Settles at {at}, at the average {symbol} price of the {minutes} minutes before ({from}–{to}), not one trade.
      </Trans>
    </p>
  );
}

/** Both outcomes as amounts, each with the price condition that pays it. */
export function EarnOutcomes({ coin, quote, strike, fixing }: { coin: EarnOutcome; quote: EarnOutcome; strike: string; fixing: EarnFixing }) {
  const { i18n, t } = useLingui();
  const rows = coin.when === 'below' || coin.when === 'at_or_below' ? [coin, quote] : [quote, coin];
  return (
    <section class="earn-outcomes" aria-label={t`What you receive at maturity`}>
      <h3 class="earn-outcomes__title">
        <Trans>What you receive at maturity</Trans>
      </h3>
      {rows.map((o) => (
        <div key={o.currency} class="earn-outcome" data-testid={`outcome-${o.currency}`}>
          <span class="earn-outcome__when">{conditionText(i18n, o.when, strike)}</span>
          <strong class="earn-outcome__amount num">
            {o.amount} {o.currency}
          </strong>
        </div>
      ))}
      <FixingNote fixing={fixing} />
    </section>
  );
}
