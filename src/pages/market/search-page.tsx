import { useEffect, useRef, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Quotation } from '../../../contract/api/market.ts';
import { SEARCH_RESULTS_MAX } from '../../../contract/api/market.ts';
import { fetchHotSearch, searchPairs } from '../../api/market.ts';
import { $recentPairs, clearRecentPairs } from '../../stores/recent-pairs.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ChangeText } from '../../ui/change-text.tsx';
import { IconSearch } from '../../ui/market-icons.tsx';
import { IconClose } from '../../ui/icons.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useQuote, useTickers } from '../shared/use-quote.ts';
import { pairPath } from './quote-row-pool.ts';
import '../shared/market.css';
import './market.css';

/** Typing settles this long before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The server takes 1 to 20 characters. */
const QUERY_MAX = 20;

type Results = { q: string; list: Quotation[] } | { q: string; failed: true } | null;

/** Pair search: results as you type, hot searches, and the pairs viewed lately on this device. */
export function SearchPage() {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [results, setResults] = useState<Results>(null);
  const [busy, setBusy] = useState(false);
  const hot = useResource(fetchHotSearch, []);
  const recent = useStore($recentPairs);
  const input = useRef<HTMLInputElement>(null);
  useTickers();

  const q = text.trim().slice(0, QUERY_MAX);
  useEffect(() => {
    if (!q) {
      setResults(null);
      setBusy(false);
      return;
    }
    const abort = new AbortController();
    setBusy(true);
    const timer = setTimeout(() => {
      searchPairs(q, abort.signal).then(
        (list) => {
          setResults({ q, list: list.slice(0, SEARCH_RESULTS_MAX) });
          setBusy(false);
        },
        () => {
          if (abort.signal.aborted) return;
          setResults({ q, failed: true });
          setBusy(false);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [q]);

  useEffect(() => input.current?.focus(), []);

  return (
    <div class="search stack">
      <form class="search-box" role="search" onSubmit={(e) => e.preventDefault()}>
        <IconSearch />
        <label class="visually-hidden" for="pair-search">
          <Trans>Search pairs</Trans>
        </label>
        <input
          id="pair-search"
          ref={input}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="characters"
          spellcheck={false}
          maxLength={QUERY_MAX}
          value={text}
          placeholder={t`Search pairs, such as BTC`}
          onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)}
        />
        {text && (
          <button type="button" class="icon-btn icon-btn--small" aria-label={t`Clear`} onClick={() => setText('')}>
            <IconClose />
          </button>
        )}
      </form>

      {q ? (
        <section aria-label={t`Search results`} aria-busy={busy}>
          {busy && !results ? (
            <div class="page-loading">
              <span class="spinner" role="progressbar" aria-label={t`Searching`} />
            </div>
          ) : results && 'failed' in results ? (
            <EmptyState text={t`Search failed. Check the connection and try again.`} />
          ) : results && results.list.length === 0 ? (
            <EmptyState text={t`No pairs match "${q}"`} />
          ) : results ? (
            <ul class="list search-results">
              {results.list.map((pair) => (
                <ResultRow key={pair.symbol} pair={pair} />
              ))}
            </ul>
          ) : null}
        </section>
      ) : (
        <>
          <section class="search-section" aria-labelledby="recent-title">
            <div class="search-section__head">
              <h2 id="recent-title" class="section-title">
                <Trans>Recently viewed</Trans>
              </h2>
              {recent.length > 0 && (
                <button type="button" class="link-btn" onClick={clearRecentPairs}>
                  <Trans>Clear</Trans>
                </button>
              )}
            </div>
            {recent.length > 0 ? (
              <ul class="pair-chips" data-testid="recent-pairs">
                {recent.map((symbol) => (
                  <li key={symbol}>
                    <a class="chip" href={'#' + pairPath(symbol)}>
                      {symbol}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p class="muted">
                <Trans>Pairs you open appear here.</Trans>
              </p>
            )}
          </section>
          <section class="search-section" aria-labelledby="hot-title">
            <h2 id="hot-title" class="section-title">
              <Trans>Hot searches</Trans>
            </h2>
            {hot.data && hot.data.length > 0 ? (
              <ul class="pair-chips" data-testid="hot-searches">
                {hot.data.map((pair, i) => (
                  <li key={pair.symbol}>
                    <a class={i < 3 ? 'chip chip--hot' : 'chip'} href={'#' + pairPath(pair.symbol)}>
                      {pair.symbol}
                    </a>
                  </li>
                ))}
              </ul>
            ) : hot.loading ? (
              <div class="pair-chips skeleton" aria-hidden="true" style={{ height: '76px' }} />
            ) : (
              <p class="muted">
                <Trans>No hot searches right now.</Trans>
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function ResultRow({ pair }: { pair: Quotation }) {
  const fmt = usePriceFormat();
  const quote = useQuote(pair.symbol) ?? pair;
  return (
    <li>
      <a class="list__item search-result" href={'#' + pairPath(pair.symbol)} data-symbol={pair.symbol}>
        <span class="search-result__pair">
          <strong>{pair.base}</strong>
          <span class="muted">/{pair.quote}</span>
        </span>
        <span class="num quote-fig">{fmt.price(quote.last, pair.tick_size)}</span>
        <ChangeText value={quote.change_pct} locale={fmt.locale} />
      </a>
    </li>
  );
}
