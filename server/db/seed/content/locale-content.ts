/** One locale's seeded editorial texts. Plain text; paragraphs are separated by blank lines. */
export interface LocaleContent {
  /** Three home banners, in the order of BANNER_SLOTS. */
  banners: readonly [ArticleText, ArticleText, ArticleText];
  /** Five news articles, in the order of NEWS_SLOTS. */
  news: readonly [ArticleText, ArticleText, ArticleText, ArticleText, ArticleText];
  notice: { title: string; content: string };
  faq: readonly [QA, QA, QA, QA, QA, QA];
  pages: { aboutus: PageText; contactus: PageText; operational_compliance: PageText };
}

export interface ArticleText {
  title: string;
  summary: string;
  content: string;
}

export interface QA {
  question: string;
  answer: string;
}

export interface PageText {
  title: string;
  content: string;
}
