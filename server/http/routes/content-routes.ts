import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NEWS_CATEGORY } from '../../../contract/api/content.ts';
import { failure, success } from '../../domain/outcome.ts';
import { toPaging } from '../../domain/paging.ts';
import type { Services } from '../../services/create-services.ts';
import { TEXT_PAGE_KEYS } from '../../services/content-service.ts';
import { defineRoute } from '../define-route.ts';
import { positiveInt, text } from '../input-fields.ts';
import { parseInput } from '../request-input.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type ContentRoutesServices = Pick<Services, 'content' | 'currencies' | 'sessions'>;

const CATEGORY_IDS: readonly number[] = Object.values(NEWS_CATEGORY);
const listSchema = z.object({ c_id: positiveInt(), page: positiveInt().optional(), limit: positiveInt().optional() });
const detailSchema = z.object({ id: positiveInt() });
const settingSchema = z.object({ keyword: text('COMMON.PARAM_INVALID', 64) });

// Reads are harmless, so GET and POST both work: the spec names the method, older clients vary.
const READ = ['GET', 'POST'] as const;

/** Site configuration, settings, menu, news, notices, FAQ and the plain-text pages. */
export function registerContentRoutes(app: FastifyInstance, services: ContentRoutesServices): void {
  const { content } = services;
  const route = <T>(url: string, handler: Parameters<typeof defineRoute<T>>[2]['handler']) =>
    defineRoute<T>(app, services, { method: [...READ], url, handler });

  route('/api/getSiteConfig', async () => success(await content.siteConfig()));

  route('/api/getSetting', async ({ input }) => {
    const form = parseInput(settingSchema, input);
    if (!form.ok) return form;
    const value = await content.setting(form.value.keyword);
    return value === undefined ? failure('COMMON.NOT_FOUND', 'keyword') : success({ keyword: form.value.keyword, value });
  });

  route('/api/menu', async () => success(await content.menu()));
  route('/api/faq', async ({ lang }) => success(await content.faq(lang)));
  route('/api/news/index_pop', async ({ lang }) => success(await content.popNotice(lang)));

  route('/api/news/list', async ({ input, lang }) => {
    const form = parseInput(listSchema, input);
    if (!form.ok) return form;
    if (!CATEGORY_IDS.includes(form.value.c_id)) return failure('COMMON.PARAM_INVALID', 'c_id');
    return success(await content.newsPage(form.value.c_id, lang, toPaging(form.value.page, form.value.limit)));
  });

  route('/api/news/detail', async ({ input, lang }) => {
    const form = parseInput(detailSchema, input);
    if (!form.ok) return form;
    return content.newsDetail(form.value.id, lang);
  });

  for (const key of TEXT_PAGE_KEYS) route(`/api/${key}`, ({ lang }) => content.textPage(key, lang));

  route('/api/currency/list', async () => success(await services.currencies.list()));
}
