import type { FastifyInstance } from 'fastify';
import * as E from '../../../contract/endpoints/content.ts';
import { z } from 'zod';
import { NEWS_CATEGORY } from '../../../contract/api/content.ts';
import { failure, success } from '../../domain/outcome.ts';
import { toPaging } from '../../domain/paging.ts';
import type { Services } from '../../services/create-services.ts';
import { TEXT_PAGE_KEYS } from '../../services/content-service.ts';
import { endpointsOn } from '../define-route.ts';
import { positiveInt, text } from '../input-fields.ts';
import { parseInput } from '../request-input.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type ContentRoutesServices = Pick<Services, 'content' | 'currencies' | 'sessions'>;

const CATEGORY_IDS: readonly number[] = Object.values(NEWS_CATEGORY);
const listSchema = z.object({ c_id: positiveInt(), page: positiveInt().optional(), limit: positiveInt().optional() });
const detailSchema = z.object({ id: positiveInt() });
const settingSchema = z.object({ keyword: text('COMMON.PARAM_INVALID', 64) });

/** Site configuration, settings, menu, news, notices, FAQ and the plain-text pages. */
export function registerContentRoutes(app: FastifyInstance, services: ContentRoutesServices): void {
  const serve = endpointsOn(app, services);
  const { content } = services;

  serve(E.siteConfig, async () => success(await content.siteConfig()));

  serve(E.setting, async ({ input }) => {
    const form = parseInput(settingSchema, input);
    if (!form.ok) return form;
    const value = await content.setting(form.value.keyword);
    return value === undefined ? failure('COMMON.NOT_FOUND', 'keyword') : success({ keyword: form.value.keyword, value });
  });

  serve(E.menu, async () => success(await content.menu()));
  serve(E.faq, async ({ lang }) => success(await content.faq(lang)));
  serve(E.popNotice, async ({ lang }) => success(await content.popNotice(lang)));

  serve(E.newsList, async ({ input, lang }) => {
    const form = parseInput(listSchema, input);
    if (!form.ok) return form;
    if (!CATEGORY_IDS.includes(form.value.c_id)) return failure('COMMON.PARAM_INVALID', 'c_id');
    return success(await content.newsPage(form.value.c_id, lang, toPaging(form.value.page, form.value.limit)));
  });

  serve(E.newsDetail, async ({ input, lang }) => {
    const form = parseInput(detailSchema, input);
    if (!form.ok) return form;
    return content.newsDetail(form.value.id, lang);
  });

  const TEXT_PAGES = { aboutus: E.aboutUs, contactus: E.contactUs, operational_compliance: E.compliance } as const;
  for (const key of TEXT_PAGE_KEYS) serve(TEXT_PAGES[key], ({ lang }) => content.textPage(key, lang));

  serve(E.coinList, async () => success(await services.currencies.list()));
}
