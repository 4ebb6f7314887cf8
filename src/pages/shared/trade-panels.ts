import type { ComponentType } from 'preact';

/** What a trade tab panel gets: the query of the trade tab's address (symbol and the like), and a way to change it. */
export interface TradePanelProps {
  query: URLSearchParams;
  setQuery: (changes: Record<string, string>) => void;
}

export type PanelModule = Promise<{ default: ComponentType<TradePanelProps> }>;

/** The trade tab's panels that another product folder draws: futures and stocks, options. */
export type ProductPanel = 'futures' | 'options' | 'stocks';

/**
 * What the futures and options folders offer the trade tab, each in its manifest (routes.ts): the
 * trade tab is spot's and may not import them, so the shell hands these over (src/app/route-manifests.ts).
 */
export type ProductPanels = Partial<Record<ProductPanel, () => PanelModule>>;
