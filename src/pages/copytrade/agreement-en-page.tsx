import './copytrade.css';

/**
 * The copy trading agreement in English. A legal document per language (the spec's agreement_en
 * and agreement_zh routes), so its text is written here and not in the translation catalogs.
 */
export function AgreementEnPage() {
  return (
    <article class="card prose copy-agreement" lang="en">
      <h2>Copy Trading Agreement</h2>
      <p>
        This agreement is between you (the "Follower" or, where you apply to lead, the "Trader") and Brisk. It governs the copy trading service, in which a Follower's futures account
        automatically mirrors the futures trades of a Trader the Follower chooses. By ticking the acceptance box you confirm that you have read, understood and accepted it.
      </p>
      <h3>1. The service</h3>
      <p>
        1.1 Copy trading is a tool that places futures orders in your futures (lever) account on your behalf when the Trader you follow opens, partly closes or closes a position. Every copy
        is a separate position in your own account, labelled as a copy, and is never merged with positions you open yourself.
      </p>
      <p>
        1.2 Brisk does not give investment advice. Trader rankings and figures (total profit, yield, win rate, followers) describe past results over 7, 30 or 90 days, are recalculated
        hourly and do not promise future results.
      </p>
      <h3>2. Copy settings</h3>
      <p>
        2.1 You choose one mode: a fixed multiple (your size is the Trader's size times your multiple) or fixed lots (every copy opens the same number of lots). A scaled size that is
        not a whole number and is above 1 is rounded to two decimals, and every size is then rounded down to the lot step.
      </p>
      <p>
        2.2 You set a copy budget: the most margin your open copies may hold at once. You may change your settings at any time; positions already open keep their size.
      </p>
      <h3>3. Copies that are not made</h3>
      <p>
        A copy is skipped, never enlarged, when it would fall below the minimum lot, when your budget is used up, when your futures account lacks margin, when no price is available,
        or when the Trader's follower quota is full. Skipped copies and their reasons are shown in your copy history. Margin the Trader adds to a position is not mirrored, so a copy
        may be liquidated while the Trader's position is not.
      </p>
      <h3>4. Risks</h3>
      <p>
        Futures are leveraged products: you may lose all the margin of a copy, and prices may move faster than copies can be placed, so your entry and exit prices, fees and results
        can differ from the Trader's. You alone are responsible for the funds you commit and for deciding to follow, keep following or stop following a Trader.
      </p>
      <h3>5. Profit share</h3>
      <p>
        5.1 The Trader receives the profit share shown when you follow, as a percentage of the realised profit of your copies. It is settled when none of your copies from that Trader is
        open and when you stop following: due = max(cumulative realised profit × share − share already paid, 0). No share is charged on losses or on profit later lost.
      </p>
      <p>5.2 The profit share is paid from your futures account to the Trader's and appears in both accounts' bills.</p>
      <h3>6. Stopping and self-holding</h3>
      <p>
        You may stop following at any time and choose to close your open copies at the current mark price or to keep them open. You may also self-hold a single copy: it stays open in
        your account and no longer follows the Trader's later actions.
      </p>
      <h3>7. Traders</h3>
      <p>
        A user who applies to become a Trader, and is approved, agrees that their futures trades, figures and nickname are shown to other users and copied by Followers, sets a profit
        share within the limit Brisk allows, and must not mislead Followers or trade to manipulate their own figures. Brisk may suspend a Trader who breaks these rules.
      </p>
      <h3>8. Changes and termination</h3>
      <p>
        Brisk may change the service or this agreement with notice in the app; continuing to use copy trading after a change means you accept it. Brisk may stop copying for an account
        that breaks the platform's terms or the law. The platform's user agreement and risk disclosures apply in addition to this agreement.
      </p>
    </article>
  );
}
