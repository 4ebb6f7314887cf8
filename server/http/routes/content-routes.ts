import type { FastifyInstance } from 'fastify';
import * as E from '../../../contract/endpoints/content.ts';
import { NEWS_CATEGORY } from '../../../contract/api/content.ts';
import { failure, success } from '../../domain/outcome.ts';
import { toPaging } from '../../domain/paging.ts';
import type { Services } from '../../services/create-services.ts';
import { TEXT_PAGE_KEYS } from '../../services/content-service.ts';
import { endpointsOn } from '../define-route.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type ContentRoutesServices = Pick<Services, 'content' | 'currencies' | 'sessions'>;

const CATEGORY_IDS: readonly number[] = Object.values(NEWS_CATEGORY);

/** Site configuration, settings, menu, news, notices, FAQ and the plain-text pages. */
export function registerContentRoutes(app: FastifyInstance, services: ContentRoutesServices): void {
  const serve = endpointsOn(app, services);
  const { content } = services;

  serve(E.siteConfig, async () => success(await content.siteConfig()));

  serve(E.setting, async ({ fields: { keyword } }) => {
    const value = await content.setting(keyword);
    return value === undefined ? failure('COMMON.NOT_FOUND', 'keyword') : success({ keyword, value });
  });

  serve(E.menu, async () => success(await content.menu()));
  serve(E.faq, async ({ lang }) => success(await content.faq(lang)));
  serve(E.popNotice, async ({ lang }) => success(await content.popNotice(lang)));

  serve(E.newsList, async ({ fields, lang }) => {
    if (!CATEGORY_IDS.includes(fields.c_id)) return failure('COMMON.PARAM_INVALID', 'c_id');
    return success(await content.newsPage(fields.c_id, lang, toPaging(fields.page, fields.limit)));
  });

  serve(E.newsDetail, ({ fields, lang }) => content.newsDetail(fields.id, lang));

  const TEXT_PAGES = { aboutus: E.aboutUs, contactus: E.contactUs, operational_compliance: E.compliance } as const;
  for (const key of TEXT_PAGE_KEYS) serve(TEXT_PAGES[key], ({ lang }) => content.textPage(key, lang));

  serve(E.coinList, async () => success(await services.currencies.list()));
}
