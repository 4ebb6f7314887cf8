import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { CATEGORY_LABELS, categoryOf } from './lock-labels.ts';
import './lock.css';

/** The product's introduction (the home menu's DeFi mining opens it): how a lock earns, then into the list of its category. */
export function LockWelcomePage() {
  const { i18n } = useLingui();
  const category = categoryOf(new URLSearchParams(useSearch()).get('type'), 'defi');
  const name = i18n._(CATEGORY_LABELS[category]);
  return (
    <div class="stack lock-page">
      <section class="card lock-welcome">
        <h2>
          <Trans>Put idle coins to work</Trans>
        </h2>
        <p class="muted">
          <Trans>Lock coins from your mining account for a fixed number of days and receive a dividend every day.</Trans>
        </p>
        <ol class="lock-steps">
          <li>
            <strong>
              <Trans>Move coins to the mining account</Trans>
            </strong>
            <span class="muted">
              <Trans>Transfer from your spot account; locking takes coins only from the mining account.</Trans>
            </span>
          </li>
          <li>
            <strong>
              <Trans>Lock an amount</Trans>
            </strong>
            <span class="muted">
              <Trans>Dividends start the day after you lock: each day at the product's dividend time, amount × daily yield.</Trans>
            </span>
          </li>
          <li>
            <strong>
              <Trans>Get the amount back at maturity</Trans>
            </strong>
            <span class="muted">
              <Trans>After the lock period the amount returns to your mining account by itself.</Trans>
            </span>
          </li>
        </ol>
        <p class="notice">
          <Trans>You can redeem early: the penalty is the penalty rate × remaining days × amount, and dividends already received are kept.</Trans>
        </p>
        <a class="btn btn--primary btn--block" href={`#/pages/lockming/lockming?type=${category}`} data-testid="lock-welcome-start">
          <Trans>View {name} products</Trans>
        </a>
      </section>
    </div>
  );
}
