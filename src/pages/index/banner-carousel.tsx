import { memo } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';
import type { NewsItem } from '../../../contract/api/content.ts';
import { assetUrl } from '../../api/asset-url.ts';

export const BANNER_INTERVAL_MS = 4000;

function bannerHref(item: NewsItem): string {
  if (!item.link) return `#/pages/common/article?id=${item.id}`;
  if (item.link.startsWith('/')) return '#' + item.link;
  return `#/pages/common/webView?url=${encodeURIComponent(item.link)}&title=${encodeURIComponent(item.title)}`;
}

/** Scroll-snapped banners that advance on their own, unless the user prefers reduced motion. */
export const BannerCarousel = memo(function BannerCarousel({ items }: { items: NewsItem[] | undefined }) {
  const { t } = useLingui();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const count = items?.length ?? 0;

  useEffect(() => {
    if (count < 2 || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count]);

  // The box keeps its size before data arrives, so nothing below it shifts (CLS).
  if (!items) return <div class="banner skeleton" aria-hidden="true" />;
  if (count === 0) return null;
  return (
    <div class="banner">
      <div class="banner__track" ref={track} onScroll={(e) => setIndex(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))} aria-label={t`Highlights`}>
        {items.map((item, i) => (
          <a key={item.id} class="banner__slide" href={bannerHref(item)}>
            <img src={assetUrl(item.thumbnail)} alt="" width={750} height={300} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
            {/* The images carry no words, so the headline is text in the reader's language. */}
            <span class="banner__caption">
              <strong>{item.title}</strong>
              {item.summary && <span>{item.summary}</span>}
            </span>
          </a>
        ))}
      </div>
      <div class="banner__dots" aria-hidden="true">
        {items.map((item, i) => (
          <span key={item.id} class={i === index ? 'is-active' : ''} />
        ))}
      </div>
    </div>
  );
});
