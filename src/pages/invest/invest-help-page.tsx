import { Trans } from '@lingui/react/macro';
import './invest.css';

/**
 * How invest (and dual) products settle, with worked examples (spec section 9; the examples are
 * PRODUCT-RULES' and match the unit tests of the rule).
 */
export function InvestHelpPage() {
  return (
    <article class="card invest-help">
      <h2>
        <Trans>How an invest product works</Trans>
      </h2>
      <p>
        <Trans>
          You buy whole shares of a product with the coin it names (for example BTC), paid from your finance account. The product has a linked price, an annual rate and a number of holding days. Until maturity the amount stays frozen in your finance account.
        </Trans>
      </p>
      <h2>
        <Trans>What you receive at maturity</Trans>
      </h2>
      <ul>
        <li>
          <Trans>If the settlement price is below the linked price: your coins back with interest, amount × (1 + days × annual rate / 365), in the coin.</Trans>
        </li>
        <li>
          <Trans>If the settlement price is at or above the linked price: amount × linked price × (1 + days × annual rate / 365), in USDT.</Trans>
        </li>
      </ul>
      <p>
        <Trans>Every payout is rounded down to the smallest unit of the coin it is paid in. Both outcomes are shown before you confirm a purchase.</Trans>
      </p>
      <h2>
        <Trans>Which price settles</Trans>
      </h2>
      <p>
        <Trans>
          Orders mature at 08:00 UTC. The settlement price is the average of the pair's 1-minute closing prices over the 30 minutes before that time, not a single trade. If the market had no trade in that window, the order shows "Settling" and is settled as soon as a price is known; it is never guessed and never paid twice.
        </Trans>
      </p>
      <h2>
        <Trans>Example</Trans>
      </h2>
      <div class="invest-example">
        <p>
          <Trans>
            You deposit 10 BTC with a linked price of 58,000 USDT, for 73 days at 1 % a year: 73 × 1 % / 365 = 0.2 %.
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>Settlement price 57,500 (below 58,000): you receive 10 × 1.002 = 10.02 BTC.</Trans>
          </li>
          <li>
            <Trans>Settlement price 58,000 or more: you receive 10 × 58,000 × 1.002 = 581,160 USDT.</Trans>
          </li>
        </ul>
      </div>
      <h2>
        <Trans>Dual-currency products</Trans>
      </h2>
      <p>
        <Trans>
          "Sell high" works the same way with a target price. "Buy low" takes USDT: if the settlement price is at or below the target you receive the coin, otherwise USDT with interest. Example: 10,000 USDT at a target of 50,000 with 1.24 % for the term gives 10,124 USDT, or 10,124 / 50,000 = 0.20248 BTC.
        </Trans>
      </p>
    </article>
  );
}
