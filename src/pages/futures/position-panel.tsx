import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BatchCloseType, LeverAccount, FuturesPosition } from '../../../contract/api/contracts.ts';
import type { MarketCategory } from '../../../contract/api/market.ts';
import { batchClose } from '../../api/futures.ts';
import { showToast } from '../../stores/toast.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import type { PositionBookView } from './position-book.ts';
import { PositionBatchDialog } from './position-batch-dialog.tsx';
import { PositionPendingRow } from './position-pending-row.tsx';
import { PositionRisk } from './position-risk.tsx';
import { PositionRow } from './position-row.tsx';
import { accountOf } from './position-state.ts';

/**
 * The user's positions and limit orders of one account (futures or stocks) with live PnL, the
 * account's risk rate, batch close (all, only longs, only shorts) and a link to the history.
 */
export function PositionPanel({
  signedIn,
  view,
  account,
  category,
  liquidationRate,
  ticks,
  loginHref,
}: {
  signedIn: boolean;
  view: PositionBookView;
  account: LeverAccount;
  category: MarketCategory;
  liquidationRate: string | null;
  /** Tick size by symbol, for prices and the stops' check. */
  ticks: ReadonlyMap<string, string>;
  loginHref: string;
}) {
  const { t } = useLingui();
  const [tab, setTab] = useState<'positions' | 'orders'>('positions');
  const [batch, setBatch] = useState<BatchCloseType | null>(null);
  const book = view.book;
  const mine = (book?.positions ?? []).filter((p) => p.account === account);
  const open = mine.filter((p) => p.state === 'open');
  const pending = mine.filter((p) => p.state === 'pending');
  const risk = book ? accountOf(book, account) : undefined;
  const history = `#/pages/transaction/contract_order?category=${category}`;
  const openCount = open.length;
  const pendingCount = pending.length;

  const closeBatch = (type: BatchCloseType) => {
    batchClose(type, account).then(
      (answer) => {
        setBatch(null);
        view.take(answer.closed, answer.accounts);
        const count = answer.closed.length;
        showToast(count === 0 ? t`No positions to close` : t`Positions closed: ${count}`, 'success');
      },
      () => setBatch(null),
    );
  };
  const matching = (type: BatchCloseType): FuturesPosition[] => open.filter((p) => type === 'all' || (type === 'longs' ? p.type === 'long' : p.type === 'short'));

  return (
    <section class="card futures-positions" aria-label={t`Positions`}>
      <div class="trade__lists-head">
        <Tabs
          label={t`Positions and orders`}
          value={tab}
          onChange={setTab}
          tabs={[
            ['positions', book ? t`Positions (${openCount})` : t`Positions`],
            ['orders', book ? t`Limit orders (${pendingCount})` : t`Limit orders`],
          ]}
        />
        <a class="link-btn" href={history}>
          <Trans>History</Trans>
        </a>
      </div>
      {!signedIn ? (
        <EmptyState text={t`Log in to see your positions.`}>
          <a class="btn btn--primary" href={loginHref}>
            <Trans>Log in</Trans>
          </a>
        </EmptyState>
      ) : book === null ? (
        view.failed ? <LoadError offline={view.offline} onRetry={view.reload} /> : <PageLoading />
      ) : (
        <>
          {risk && <PositionRisk risk={risk} liquidationRate={liquidationRate} />}
          {tab === 'positions' ? (
            open.length === 0 ? (
              <EmptyState text={t`No open positions`} />
            ) : (
              <>
                <div class="futures-batch" role="group" aria-label={t`Close several positions`}>
                  <button type="button" class="btn btn--small btn--ghost" onClick={() => setBatch('all')}>
                    <Trans>Close all</Trans>
                  </button>
                  <button type="button" class="btn btn--small btn--ghost" disabled={matching('longs').length === 0} onClick={() => setBatch('longs')}>
                    <Trans>Close longs</Trans>
                  </button>
                  <button type="button" class="btn btn--small btn--ghost" disabled={matching('shorts').length === 0} onClick={() => setBatch('shorts')}>
                    <Trans>Close shorts</Trans>
                  </button>
                </div>
                <ul class="order-list" data-testid="positions">
                  {open.map((p) => (
                    <PositionRow key={p.id} position={p} tickSize={ticks.get(p.symbol) ?? ''} onChanged={(next, accounts) => view.take([next], accounts)} onPartClosed={view.reload} />
                  ))}
                </ul>
              </>
            )
          ) : pending.length === 0 ? (
            <EmptyState text={t`No limit orders`} />
          ) : (
            <ul class="order-list" data-testid="limit-orders">
              {pending.map((p) => (
                <PositionPendingRow key={p.id} position={p} tickSize={ticks.get(p.symbol) ?? ''} onChanged={(next, accounts) => view.take([next], accounts)} />
              ))}
            </ul>
          )}
        </>
      )}
      {batch && <PositionBatchDialog type={batch} positions={matching(batch)} onCancel={() => setBatch(null)} onConfirm={() => closeBatch(batch)} />}
    </section>
  );
}
