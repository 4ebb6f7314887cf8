import { useStore } from '@nanostores/react';
import type { NewsItem } from '../../../contract/api/content.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchHomeBanners, fetchHomeNews, fetchMenu, fetchNotice, peekHomeBanners, peekHomeNews } from '../../api/content.ts';
import { $lang } from '../../stores/lang.ts';
import { $signedIn, $user } from '../../stores/session.ts';
import { IconBell, IconGlobe, IconSettings } from '../../ui/icons.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { $online } from '../../stores/network.ts';
import { AfterPaint } from '../../ui/after-paint.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { FeatureMenu } from './feature-menu.tsx';
import { HomeNews } from './home-news.tsx';
import { NoticeDialog } from './notice-dialog.tsx';
import { MOVERS_HEIGHT_PX, MarketMoversSlot } from './market-movers-slot.tsx';

const NO_BANNERS: NewsItem[] = [];

/**
 * The home tab. Its four reads answer one by one, and each answer renders this again: the sections
 * are memoised, so an answer re-renders its own section and not the twenty-tile menu or the news.
 */
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

      <BannerCarousel items={banners.data?.data.data ?? (banners.loading ? undefined : NO_BANNERS)} />

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

        <HomeNews news={news.data} online={online} failed={!news.loading && !news.data} onRetry={news.reload} />
      </AfterPaint>

      <NoticeDialog notice={notice.data} />
    </div>
  );
}
