import { lazy, Suspense } from 'preact/compat';
import type { ComponentType } from 'preact';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { navigate } from '../../lib/hash-route.ts';
import { PageLoading } from '../../ui/page-loading.tsx';
import { TradeTabCoins } from './trade-tab-coins.tsx';
import { isTradeTab, TRADE_TAB_LABELS, TRADE_TAB_PANELS, TRADE_TABS, type TradePanelProps, type TradeTab } from './trade-tab-panels.ts';

const PATH = '/pages/transaction/index';

/** The coins panel as is; one lazy component per other tab, made once, so switching back fetches nothing again. */
const PANELS: Record<TradeTab, ComponentType<TradePanelProps>> = {
  // Rendered directly: the tab opens on it, so no loading flash (and no layout shift) first.
  coins: TradeTabCoins,
  futures: lazy(TRADE_TAB_PANELS.futures),
  options: lazy(TRADE_TAB_PANELS.options),
  stocks: lazy(TRADE_TAB_PANELS.stocks),
};

/** The trade tab: coins, futures, options and stocks, each a panel of its own. */
export function TradeTabPage() {
  const { t, i18n } = useLingui();
  const query = new URLSearchParams(useSearch());
  const requested = query.get('tab');
  const tab: TradeTab = isTradeTab(requested) ? requested : 'coins';
  const go = (params: URLSearchParams) => navigate(`${PATH}?${params.toString().replace(/%2F/g, '/')}`, { replace: true });
  const setQuery = (changes: Record<string, string>) => {
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    go(next);
  };
  const Panel = PANELS[tab];
  return (
    <div class="trade-tab stack">
      <div class="chips trade-tab__switch" role="tablist" aria-label={t`Markets to trade`}>
        {TRADE_TABS.map((key) => (
          <button key={key} type="button" role="tab" class="chip" aria-selected={key === tab} tabIndex={key === tab ? 0 : -1} onClick={() => go(new URLSearchParams({ tab: key }))}>
            {i18n._(TRADE_TAB_LABELS[key])}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={i18n._(TRADE_TAB_LABELS[tab])}>
        <Suspense fallback={<PageLoading />}>
          <Panel query={query} setQuery={setQuery} />
        </Suspense>
      </div>
    </div>
  );
}
