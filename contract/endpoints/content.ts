import type { Coin, FaqItem, MenuItem, NewsDetail, NewsItem, Notice, SettingValue, SiteConfig, TextPage } from '../api/content.ts';
import type { Page } from '../envelope.ts';
import { endpoint } from '../endpoint.ts';

/** Public content (section 7 "Home" and "Content"): anyone may read it, signed in or not. */

const PAGE = { page: 'id?', limit: 'id?' } as const;

export const siteConfig = endpoint<SiteConfig>()({ method: 'read', path: '/getSiteConfig', auth: 'none', fields: {} });
export const setting = endpoint<SettingValue>()({ method: 'read', path: '/getSetting', auth: 'none', fields: { keyword: { kind: 'text', max: 64, code: 'COMMON.PARAM_INVALID' } } });
export const menu = endpoint<MenuItem[]>()({ method: 'read', path: '/menu', auth: 'none', fields: {} });
export const faq = endpoint<FaqItem[]>()({ method: 'read', path: '/faq', auth: 'none', fields: {} });
export const popNotice = endpoint<Notice | null>()({ method: 'read', path: '/news/index_pop', auth: 'none', fields: {} });
export const newsList = endpoint<Page<NewsItem>>()({ method: 'read', path: '/news/list', auth: 'none', fields: { c_id: 'id', ...PAGE } });
export const newsDetail = endpoint<NewsDetail>()({ method: 'read', path: '/news/detail', auth: 'none', fields: { id: 'id' } });
export const aboutUs = endpoint<TextPage>()({ method: 'read', path: '/aboutus', auth: 'none', fields: {} });
export const contactUs = endpoint<TextPage>()({ method: 'read', path: '/contactus', auth: 'none', fields: {} });
export const compliance = endpoint<TextPage>()({ method: 'read', path: '/operational_compliance', auth: 'none', fields: {} });
/** Every listed coin with its networks. */
export const coinList = endpoint<Coin[]>()({ method: 'read', path: '/currency/list', auth: 'none', fields: {} });
