import { useState } from 'preact/hooks';
import { useSearch } from 'wouter';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { navigate } from '../../lib/hash-route.ts';
import { $online } from '../../stores/network.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { ChunkLoading } from '../../ui/chunk-loading.tsx';
import { keptImport, useLazyModule } from '../../ui/use-lazy-module.ts';
import { TradeTabCoins } from './trade-tab-coins.tsx';
import type { PanelModule, TradePanelProps } from '../shared/trade-panels.ts';
import { isTradeTab, TRADE_TAB_LABELS, TRADE_TAB_PANELS, TRADE_TABS, type TradeTab } from './trade-tab-panels.ts';

// The module the route loads, so the manifest can hand over the other products' panels (routes.ts).
export { provideTradePanels } from './trade-tab-panels.ts';

const PATH = '/pages/transaction/index';

type LazyTab = Exclude<TradeTab, 'coins'>;

/**
 * Each other tab's panel, imported when the tab is first shown and kept, so switching back fetches
 * nothing again. Not `lazy()`: it would answer a failed import (a flaky network) for the rest of the
 * visit, and throw it past the chips to the page's boundary.
 */
const LOADS: Record<LazyTab, () => PanelModule> = {
  futures: keptImport(TRADE_TAB_PANELS.futures),
  options: keptImport(TRADE_TAB_PANELS.options),
  stocks: keptImport(TRADE_TAB_PANELS.stocks),
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
        {/* The coins panel is rendered directly: the tab opens on it, so no loading flash (and no layout shift) first. */}
        {tab === 'coins' ? <TradeTabCoins query={query} setQuery={setQuery} /> : <LazyPanel key={tab} tab={tab} query={query} setQuery={setQuery} />}
      </div>
    </div>
  );
}

/**
 * A tab whose chunk failed to load says so in its own place, the chips still there: Retry (or the
 * network coming back) imports it afresh, and a chunk of a build the server no longer has reloads
 * the page once onto the new one (use-lazy-module.ts); one still unanswered after 15 s offers a
 * reload (ChunkLoading).
 */
function LazyPanel({ tab, ...props }: TradePanelProps & { tab: LazyTab }) {
  const [attempt, setAttempt] = useState(0);
  return <PanelAttempt key={attempt} tab={tab} retry={() => setAttempt((n) => n + 1)} {...props} />;
}

function PanelAttempt({ tab, retry, ...props }: TradePanelProps & { tab: LazyTab; retry: () => void }) {
  const panel = useLazyModule(LOADS[tab]);
  const online = useStore($online);
  if (panel.status === 'failed') return <LoadError offline={!online} onRetry={retry} />;
  if (panel.status === 'loading') return <ChunkLoading />;
  const Panel = panel.module.default;
  return <Panel {...props} />;
}
