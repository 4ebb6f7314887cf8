import { useSearch } from 'wouter';
import { useStore } from '@nanostores/react';
import { fetchArticle } from '../../api/content.ts';
import { formatDate } from '../../lib/format-date.ts';
import { $lang } from '../../stores/lang.ts';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { assetUrl } from '../../api/asset-url.ts';
import { $online } from '../../stores/network.ts';
import { AsOf } from '../../ui/as-of.tsx';
import './common.css';

export function ArticlePage() {
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const lang = useStore($lang);
  const online = useStore($online);
  const article = useResource(() => fetchArticle(id), [id, lang]);
  return (
    <ResourceView resource={article}>
      {({ data: a, asOf }) => (
        <article class="stack">
          <AsOf asOf={asOf} online={online} />
          <h2 class="article__title">{a.title}</h2>
          <p class="muted">{formatDate(a.created_at)}</p>
          {a.thumbnail && <img class="article__image" src={assetUrl(a.thumbnail)} alt="" width={750} height={300} />}
          <div class="prose">{a.content}</div>
        </article>
      )}
    </ResourceView>
  );
}
