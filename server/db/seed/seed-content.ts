import type { Kysely } from 'kysely';
import { NEWS_CATEGORY } from '../../../contract/api/content.ts';
import type { Locale } from '../../../contract/locales.ts';
import type { Database } from '../schema.ts';
import type { LocaleContent } from './content/locale-content.ts';
import { en } from './content/en.ts';
import { fra } from './content/fra.ts';
import { hk } from './content/hk.ts';
import { jp } from './content/jp.ts';
import { kor } from './content/kor.ts';
import { spa } from './content/spa.ts';
import { th } from './content/th.ts';
import { trq } from './content/trq.ts';
import { zh } from './content/zh.ts';

export const SEED_CONTENT: Record<Locale, LocaleContent> = { zh, en, hk, th, jp, kor, fra, spa, trq };

/** Where each banner points: an in-app route, or '' to open the banner's own article. */
const BANNER_SLOTS = [
  { thumbnail: '/content/banner-1.svg', link: '/pages/common/register' },
  { thumbnail: '/content/banner-2.svg', link: '' },
  { thumbnail: '/content/banner-3.svg', link: '' },
] as const;
const NEWS_PUBLISHED = ['2026-11-18T09:00:00.000Z', '2026-11-12T09:00:00.000Z', '2026-11-05T09:00:00.000Z', '2026-10-28T09:00:00.000Z', '2026-10-20T09:00:00.000Z'];
const SEEDED_AT = '2026-11-18T09:00:00.000Z';

/** A tuple entry every locale must have; a gap is a bug in the seed files, found at start-up. */
function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`seed content is missing entry ${index}`);
  return item;
}

const localesOf = () => Object.entries(SEED_CONTENT) as [Locale, LocaleContent][];

async function seedArticles(db: Kysely<Database>): Promise<void> {
  const slots = [
    ...BANNER_SLOTS.map((slot, i) => ({ c_id: NEWS_CATEGORY.banner, ...slot, sort: i, published_at: SEEDED_AT, pick: (c: LocaleContent) => at(c.banners, i) })),
    ...NEWS_PUBLISHED.map((published_at, i) => ({ c_id: NEWS_CATEGORY.news, thumbnail: '', link: '', sort: 0, published_at, pick: (c: LocaleContent) => at(c.news, i) })),
  ];
  for (const { pick, ...row } of slots) {
    const { id } = await db.insertInto('news').values({ ...row, status: 1 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('news_texts').values(localesOf().map(([locale, content]) => ({ news_id: id, locale, ...pick(content) }))).execute();
  }
}

/** Editorial content goes in once, into empty tables: editors own it after the first start. */
export async function seedContent(db: Kysely<Database>): Promise<void> {
  if (!(await db.selectFrom('news').select('id').limit(1).executeTakeFirst())) await seedArticles(db);

  if (!(await db.selectFrom('notices').select('id').limit(1).executeTakeFirst())) {
    const { id } = await db.insertInto('notices').values({ status: 1, published_at: SEEDED_AT }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('notice_texts').values(localesOf().map(([locale, c]) => ({ notice_id: id, locale, ...c.notice }))).execute();
  }

  if (!(await db.selectFrom('faqs').select('id').limit(1).executeTakeFirst())) {
    for (let i = 0; i < en.faq.length; i += 1) {
      const { id } = await db.insertInto('faqs').values({ sort: i, status: 1 }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('faq_texts').values(localesOf().map(([locale, c]) => ({ faq_id: id, locale, ...at(c.faq, i) }))).execute();
    }
  }

  const pages = localesOf().flatMap(([locale, c]) => Object.entries(c.pages).map(([page_key, text]) => ({ page_key, locale, ...text })));
  await db.insertInto('text_pages').values(pages).onConflict((oc) => oc.columns(['page_key', 'locale']).doNothing()).execute();
}
