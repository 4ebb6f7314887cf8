import type { Page } from '../../contract/envelope.ts';
import type { NewsItem } from '../../contract/api/content.ts';
import { get, getServed, type Served } from './client.ts';
import { peekEarly, takeEarly } from './early.ts';
import { HOME_BANNERS, HOME_NEWS } from './early-reads.ts';

export const fetchSiteConfig = () => get('/getSiteConfig', undefined, { silent: true });
export const fetchCoins = () => get('/currency/list', undefined, { silent: true });
export const fetchNotice = () => get('/news/index_pop', undefined, { silent: true });
// Read as GET (the server takes both) so the service worker can keep them for offline reading.
export const fetchNews = (c_id: number, page = 1, limit = 10) => getServed('/news/list', { c_id, page, limit });

/** The home tab's banners and news; at boot on the home tab they were asked for early (early.ts). */
export const fetchHomeBanners = (): Promise<Served<Page<NewsItem>>> =>
  takeEarly('/news/list', HOME_BANNERS, () => fetchNews(HOME_BANNERS.c_id, HOME_BANNERS.page, HOME_BANNERS.limit));
export const fetchHomeNews = (): Promise<Served<Page<NewsItem>>> =>
  takeEarly('/news/list', HOME_NEWS, () => fetchNews(HOME_NEWS.c_id, HOME_NEWS.page, HOME_NEWS.limit));
/** The same, when their early answers are already in hand (for the first render; early.ts peekEarly). */
export const peekHomeBanners = () => peekEarly<Page<NewsItem>>('/news/list', HOME_BANNERS);
export const peekHomeNews = () => peekEarly<Page<NewsItem>>('/news/list', HOME_NEWS);
export const fetchArticle = (id: number) => getServed('/news/detail', { id });
export const fetchMenu = () => get('/menu', undefined, { silent: true });
export const fetchFaq = () => getServed('/faq');

/** The three plain-text pages share one shape. */
export type TextPageKey = 'aboutus' | 'contactus' | 'operational_compliance';
export const fetchTextPage = (key: TextPageKey) => getServed(`/${key}` as const);
