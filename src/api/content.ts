import type { Page } from '../../contract/envelope.ts';
import type { Coin, FaqItem, MenuItem, NewsDetail, NewsItem, Notice, SiteConfig, TextPage } from '../../contract/api/content.ts';
import { get, getServed } from './client.ts';

export const fetchSiteConfig = () => get<SiteConfig>('/getSiteConfig', undefined, { silent: true });
export const fetchCoins = () => get<Coin[]>('/currency/list', undefined, { silent: true });
export const fetchNotice = () => get<Notice | null>('/news/index_pop', undefined, { silent: true });
// Read as GET (the server takes both) so the service worker can keep them for offline reading.
export const fetchNews = (c_id: number, page = 1, limit = 10) => getServed<Page<NewsItem>>('/news/list', { c_id, page, limit });
export const fetchArticle = (id: number) => getServed<NewsDetail>('/news/detail', { id });
export const fetchMenu = () => get<MenuItem[]>('/menu', undefined, { silent: true });
export const fetchFaq = () => getServed<FaqItem[]>('/faq');

/** The three plain-text pages share one shape. */
export type TextPageKey = 'aboutus' | 'contactus' | 'operational_compliance';
export const fetchTextPage = (key: TextPageKey) => getServed<TextPage>('/' + key);
