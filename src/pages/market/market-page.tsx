import { useCallback, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import { fetchQuotations, peekQuotations } from '../../api/market.ts';
import { currentRoute, navigate } from '../../lib/hash-route.ts';
import { $online } from '../../stores/network.ts';
import { $signedIn } from '../../stores/session.ts';
import { $socketStatus } from '../../stores/socket-status.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LiveBadge } from '../../ui/live-badge.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { IconSearch } from '../../ui/market-icons.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { loadFavourites, toggleFavourite, useFavouriteSet, useFavouritesFailure } from '../shared/favourites.ts';
import { useTickers } from '../shared/use-quote.ts';
import { MarketList } from './market-list.tsx';
import { isMarketTab, rowsOfTab, type MarketTab } from './market-rows.ts';
import { PairActionsDialog } from './pair-actions-dialog.tsx';
import '../shared/market.css';
import './market.css';

/** The market tab: favourites, coins, stocks and hot pairs, live, sortable, virtualised. */
export function MarketPage() {
  const { t } = useLingui();
  const fromQuery = new URLSearchParams(useSearch()).get('tab');
  const [tab, setTabState] = useState<MarketTab>(isMarketTab(fromQuery) ? fromQuery : 'coins');
  const [editing, setEditing] = useState(false);
  const [pressed, setPressed] = useState<Quotation | null>(null);
  const online = useStore($online);
  const status = useStore($socketStatus);
  const signedIn = useStore($signedIn);
  const favourites = useFavouriteSet();
  const favouritesFailure = useFavouritesFailure();
  const retryFavourites = () => void loadFavourites();
  // The list's Retry (and its reload when the network is back) also asks for favourites that failed.
  const list = useResource(
    () => {
      retryFavourites();
      return fetchQuotations();
    },
    [],
    peekQuotations,
  );
  useTickers();

  const setTab = (next: MarketTab) => {
    setTabState(next);
    setEditing(false);
    // Kept in the address, so back from a pair returns to the same tab.
    navigate(`${currentRoute().path}?tab=${next}`, { replace: true });
  };
  const onLongPress = useCallback((row: Quotation) => setPressed(row), []);
  const onToggle = useCallback((symbol: string) => void toggleFavourite(symbol), []);

  const tabs: [MarketTab, string][] = [
    ['favourites', t`Favourites`],
    ['coins', t`Coins`],
    ['stocks', t`Stocks`],
    ['hot', t`Hot`],
  ];
  const tabName = tabs.find(([k]) => k === tab)![1];

  return (
    <div class="market stack">
      <div class="market__top">
        <a class="search-link" href="#/pages/market/search">
          <IconSearch />
          <span>
            <Trans>Search pairs</Trans>
          </span>
        </a>
        <LiveBadge status={status} />
      </div>
      <div class="market__tabs">
        <div class="chips" role="tablist" aria-label={t`Market lists`}>
          {tabs.map(([key, text]) => (
            <button key={key} type="button" role="tab" class="chip" aria-selected={key === tab} tabIndex={key === tab ? 0 : -1} onClick={() => setTab(key)}>
              {text}
            </button>
          ))}
        </div>
        {tab === 'favourites' && signedIn && favourites !== null && favourites.size > 0 && (
          <button type="button" class="link-btn" aria-pressed={editing} onClick={() => setEditing((e) => !e)}>
            {editing ? <Trans>Done</Trans> : <Trans>Edit</Trans>}
          </button>
        )}
      </div>
      <div role="tabpanel" aria-label={tabName}>
        <ResourceView resource={list}>
          {(served) => {
            if (tab === 'favourites' && !signedIn) {
              return (
                <EmptyState text={t`Log in to keep your favourite pairs here.`}>
                  <a class="btn btn--primary" href={`#/pages/common/login?redirect=${encodeURIComponent('/pages/market/market?tab=favourites')}`}>
                    <Trans>Log in</Trans>
                  </a>
                </EmptyState>
              );
            }
            if (tab === 'favourites' && favourites === null) {
              // Unknown is not empty: "No favourites yet" here would be wrong until they load.
              return favouritesFailure ? <LoadError offline={favouritesFailure.offline} onRetry={retryFavourites} /> : <PageLoading />;
            }
            const rows = rowsOfTab(served.data.list, tab, favourites);
            if (rows.length === 0) {
              return <EmptyState text={tab === 'favourites' ? t`No favourites yet. Tap the star on a pair, or press and hold a pair in the list.` : t`No pairs here yet`} />;
            }
            return (
              <>
                <AsOf asOf={served.asOf} online={online} />
                <MarketList rows={rows} favourites={favourites} editing={editing} onLongPress={onLongPress} onToggleFavourite={onToggle} label={tabName} />
              </>
            );
          }}
        </ResourceView>
      </div>
      {pressed && <PairActionsDialog pair={pressed} favourite={favourites?.has(pressed.symbol) ?? false} onClose={() => setPressed(null)} />}
    </div>
  );
}
