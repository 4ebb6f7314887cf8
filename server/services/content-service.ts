import { MENU_KEYS, type FaqItem, type MenuItem, type MenuKey, type NewsDetail, type NewsItem, type Notice, type SiteConfig, type TextPage } from '../../contract/api/content.ts';
import type { Page } from '../../contract/envelope.ts';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import type { Paging } from '../domain/paging.ts';
import type { ServiceContext } from './service-context.ts';

export const TEXT_PAGE_KEYS = ['aboutus', 'contactus', 'operational_compliance'] as const;
export type TextPageKey = (typeof TEXT_PAGE_KEYS)[number];

/**
 * Editorial content in the request's locale. Each item has one row per locale; when the locale has
 * none the English row answers (seeds always write English), via two left joins.
 */
export class ContentService {
  constructor(private readonly ctx: ServiceContext) {}

  async setting(keyword: string): Promise<string | undefined> {
    const row = await this.ctx.db.selectFrom('settings').select('value').where('keyword', '=', keyword).executeTakeFirst();
    return row?.value;
  }

  async inviteRequired(): Promise<boolean> {
    return (await this.setting('invite_required')) === '1';
  }

  async siteConfig(): Promise<SiteConfig> {
    const rows = await this.ctx.db.selectFrom('settings').select(['keyword', 'value'])
      .where('keyword', 'in', ['site_name', 'site_logo', 'down_logo', 'version', 'version_code']).execute();
    const value = (keyword: string) => rows.find((row) => row.keyword === keyword)?.value ?? '';
    return {
      site_name: value('site_name'),
      site_logo: value('site_logo'),
      down_logo: value('down_logo'),
      version: value('version'),
      version_code: Number(value('version_code')) || 0,
    };
  }

  private newsQuery(locale: Locale) {
    return this.ctx.db
      .selectFrom('news as n')
      .leftJoin('news_texts as t', (join) => join.onRef('t.news_id', '=', 'n.id').on('t.locale', '=', locale))
      .leftJoin('news_texts as f', (join) => join.onRef('f.news_id', '=', 'n.id').on('f.locale', '=', DEFAULT_LOCALE))
      .where('n.status', '=', 1)
      .where((eb) => eb.or([eb('t.news_id', 'is not', null), eb('f.news_id', 'is not', null)]));
  }

  async newsPage(categoryId: number, locale: Locale, paging: Paging): Promise<Page<NewsItem>> {
    const query = this.newsQuery(locale).where('n.c_id', '=', categoryId);
    const counted = await query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await query
      .select((eb) => [
        'n.id', 'n.c_id', 'n.thumbnail', 'n.link', 'n.published_at',
        eb.fn.coalesce('t.title', 'f.title').as('title'),
        eb.fn.coalesce('t.summary', 'f.summary').as('summary'),
      ])
      .orderBy('n.sort', 'asc').orderBy('n.published_at', 'desc').orderBy('n.id', 'desc')
      .limit(paging.limit).offset(paging.offset)
      .execute();
    const data = rows.map((row) => ({
      id: row.id, c_id: row.c_id, title: row.title ?? '', summary: row.summary ?? '',
      thumbnail: row.thumbnail, link: row.link, created_at: row.published_at,
    }));
    return { data, page: paging.page, limit: paging.limit, total: Number(counted.total) };
  }

  async newsDetail(id: number, locale: Locale): Promise<Outcome<NewsDetail>> {
    const row = await this.newsQuery(locale)
      .where('n.id', '=', id)
      .select((eb) => [
        'n.id', 'n.c_id', 'n.thumbnail', 'n.link', 'n.published_at',
        eb.fn.coalesce('t.title', 'f.title').as('title'),
        eb.fn.coalesce('t.summary', 'f.summary').as('summary'),
        eb.fn.coalesce('t.content', 'f.content').as('content'),
      ])
      .executeTakeFirst();
    if (!row) return failure('COMMON.NOT_FOUND', 'id');
    return success({
      id: row.id, c_id: row.c_id, title: row.title ?? '', summary: row.summary ?? '', content: row.content ?? '',
      thumbnail: row.thumbnail, link: row.link, created_at: row.published_at,
    });
  }

  /** The newest pop-up notice, or null when there is none. */
  async popNotice(locale: Locale): Promise<Notice | null> {
    const row = await this.ctx.db
      .selectFrom('notices as n')
      .leftJoin('notice_texts as t', (join) => join.onRef('t.notice_id', '=', 'n.id').on('t.locale', '=', locale))
      .leftJoin('notice_texts as f', (join) => join.onRef('f.notice_id', '=', 'n.id').on('f.locale', '=', DEFAULT_LOCALE))
      .where('n.status', '=', 1)
      .where((eb) => eb.or([eb('t.notice_id', 'is not', null), eb('f.notice_id', 'is not', null)]))
      .select((eb) => ['n.id', eb.fn.coalesce('t.title', 'f.title').as('title'), eb.fn.coalesce('t.content', 'f.content').as('content')])
      .orderBy('n.published_at', 'desc').orderBy('n.id', 'desc')
      .executeTakeFirst();
    return row ? { id: row.id, title: row.title ?? '', content: row.content ?? '' } : null;
  }

  async faq(locale: Locale): Promise<FaqItem[]> {
    const rows = await this.ctx.db
      .selectFrom('faqs as q')
      .leftJoin('faq_texts as t', (join) => join.onRef('t.faq_id', '=', 'q.id').on('t.locale', '=', locale))
      .leftJoin('faq_texts as f', (join) => join.onRef('f.faq_id', '=', 'q.id').on('f.locale', '=', DEFAULT_LOCALE))
      .where('q.status', '=', 1)
      .where((eb) => eb.or([eb('t.faq_id', 'is not', null), eb('f.faq_id', 'is not', null)]))
      .select((eb) => ['q.id', eb.fn.coalesce('t.question', 'f.question').as('question'), eb.fn.coalesce('t.answer', 'f.answer').as('answer')])
      .orderBy('q.sort', 'asc').orderBy('q.id', 'asc')
      .execute();
    return rows.map((row) => ({ id: row.id, question: row.question ?? '', answer: row.answer ?? '' }));
  }

  async textPage(key: TextPageKey, locale: Locale): Promise<Outcome<TextPage>> {
    const rows = await this.ctx.db.selectFrom('text_pages').select(['locale', 'title', 'content'])
      .where('page_key', '=', key).where('locale', 'in', [locale, DEFAULT_LOCALE]).execute();
    const row = rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === DEFAULT_LOCALE);
    return row ? success({ title: row.title, content: row.content }) : failure('COMMON.NOT_FOUND');
  }

  async menu(): Promise<MenuItem[]> {
    const rows = await this.ctx.db.selectFrom('menu_items').select(['menu_key', 'enabled']).orderBy('sort').orderBy('menu_key').execute();
    const known = (key: string): key is MenuKey => (MENU_KEYS as readonly string[]).includes(key);
    return rows.flatMap((row) => (known(row.menu_key) ? [{ key: row.menu_key, enabled: row.enabled === 1 }] : []));
  }
}
