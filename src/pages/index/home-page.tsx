import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchHomeBanners, fetchHomeNews, fetchMenu, fetchNotice, peekHomeBanners, peekHomeNews } from '../../api/content.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import { $lang } from '../../stores/lang.ts';
import { $signedIn, $user } from '../../stores/session.ts';
import { IconBell, IconGlobe, IconSettings } from '../../ui/icons.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { $online } from '../../stores/network.ts';
import { AfterPaint } from '../../ui/after-paint.tsx';
import { AsOf } from '../../ui/as-of.tsx';
import { RelativeTimeText } from '../../ui/relative-time-text.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { FeatureMenu } from './feature-menu.tsx';
import { NoticeDialog } from './notice-dialog.tsx';
import { MOVERS_HEIGHT_PX, MarketMoversSlot } from './market-movers-slot.tsx';

export function HomePage() {
  const { t } = useLingui();
  const lang = useStore($lang);
  const online = useStore($online);
  const signedIn = useStore($signedIn);
  const user = useStore($user);
  const banners = useResource(fetchHomeBanners, [lang], peekHomeBanners);
  const news = useResource(fetchHomeNews, [lang], peekHomeNews);
  const menu = useResource(fetchMenu, []);
  const notice = useResource(fetchNotice, [lang]);
  const now = Date.now();

  return (
    <div class="home stack">
      <div class="home__head">
        <div>
          <p class="home__greeting">{signedIn ? t`Hello, ${user?.nickname ?? ''}` : t`Trade fast on any network`}</p>
        </div>
        <div class="home__actions">
          <a class="icon-btn" href="#/pages/setting/setting" aria-label={t`Language`}>
            <IconGlobe />
          </a>
          <a class="icon-btn" href="#/pages/setting/setting" aria-label={t`Settings`}>
            <IconSettings />
          </a>
        </div>
      </div>

      {!signedIn && (
        <div class="card home__welcome">
          <p>
            <Trans>Log in to deposit, trade and see your assets.</Trans>
          </p>
          <div class="home__welcome-actions">
            <a class="btn btn--primary" href="#/pages/common/login">
              <Trans>Log in</Trans>
            </a>
            <a class="btn btn--ghost" href="#/pages/common/register">
              <Trans>Sign up</Trans>
            </a>
          </div>
        </div>
      )}

      <BannerCarousel items={banners.data?.data.data ?? (banners.loading ? undefined : [])} />

      {news.data && news.data.data.data[0] ? (
        <a class="notice-bar" href={`#/pages/common/article?id=${news.data.data.data[0].id}`}>
          <IconBell />
          <span>{news.data.data.data[0].title}</span>
        </a>
      ) : (
        // Holds the bar's place while the news loads, so the menu below does not jump (CLS).
        news.loading && <div class="notice-bar skeleton" aria-hidden="true" />
      )}

      <FeatureMenu items={menu.data} />

      {/* Below the fold: drawn a frame later, so the first render is a shorter task. */}
      <AfterPaint placeholder={<div class="card skeleton" style={{ height: `${MOVERS_HEIGHT_PX}px` }} aria-hidden="true" />}>
        <MarketMoversSlot ready={!banners.loading && !news.loading} />

        <section class="card">
          <h2 class="card__title">
            <Trans>News</Trans>
          </h2>
          {news.data && <AsOf asOf={news.data.asOf} online={online} />}
          {news.data ? (
            <ul class="news-list">
              {news.data.data.data.map((item) => (
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
          ) : (
            <div class="news-skeleton skeleton" aria-hidden="true" />
          )}
        </section>
      </AfterPaint>

      <NoticeDialog notice={notice.data} />
    </div>
  );
}
