import { memo } from 'preact/compat';
import { Trans } from '@lingui/react/macro';
import type { Page } from '../../../contract/envelope.ts';
import type { NewsItem } from '../../../contract/api/content.ts';
import type { Served } from '../../api/client.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { RelativeTimeText } from '../../ui/relative-time-text.tsx';

/**
 * Home's news card: the latest articles with their age, and the time the list was current. A read
 * that `failed` says so with Retry (offline, that it loads when the network returns: use-resource.ts).
 */
export const HomeNews = memo(function HomeNews({ news, online, failed, onRetry }: { news: Served<Page<NewsItem>> | undefined; online: boolean; failed: boolean; onRetry: () => void }) {
  const now = Date.now();
  return (
    <section class="card">
      <h2 class="card__title">
        <Trans>News</Trans>
      </h2>
      {news && <AsOf asOf={news.asOf} online={online} />}
      {news ? (
        <ul class="news-list">
          {news.data.data.map((item) => (
            <li key={item.id}>
              <a href={`#/pages/common/article?id=${item.id}`}>
                <span class="news-list__title">{item.title}</span>
                <span class="muted">
                  <RelativeTimeText value={relativeTime(item.created_at, now)} />
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : failed ? (
        <LoadError offline={!online} onRetry={onRetry} />
      ) : (
        <div class="news-skeleton skeleton" aria-hidden="true" />
      )}
    </section>
  );
});
