import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locales.ts';

// BCP 47 tags browsers send, to the spec's locale keys. Order matters: zh-TW/HK/Hant before plain zh.
const TAGS: readonly [RegExp, Locale][] = [
  [/^zh[-_](tw|hk|mo|hant)\b/i, 'hk'],
  [/^zh\b/i, 'zh'],
  [/^ja\b/i, 'jp'],
  [/^ko\b/i, 'kor'],
  [/^fr\b/i, 'fra'],
  [/^es\b/i, 'spa'],
  [/^tr\b/i, 'trq'],
  [/^th\b/i, 'th'],
  [/^en\b/i, 'en'],
];

/** A locale key ("kor") or a language tag ("ko-KR", "zh-tw") to a locale, if it names one of ours. */
export function toLocale(value: unknown): Locale | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (isLocale(text)) return text;
  return TAGS.find(([pattern]) => pattern.test(text))?.[1];
}

/** The best of an Accept-Language header's languages that we have, by q weight. */
export function fromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const locale = toLocale(entry.tag);
    if (locale) return locale;
  }
  return undefined;
}

const field = (source: unknown): unknown =>
  source !== null && typeof source === 'object' ? (source as Record<string, unknown>).lang : undefined;

/**
 * Section 7: `lang` from the body, the query or a `lang` header; else Accept-Language; else English.
 * `extra` is a lang found elsewhere (a multipart field).
 */
export function resolveLang(request: FastifyRequest, extra?: unknown): Locale {
  const header = request.headers.lang;
  return (
    toLocale(extra) ??
    toLocale(field(request.body)) ??
    toLocale(field(request.query)) ??
    toLocale(Array.isArray(header) ? header[0] : header) ??
    fromAcceptLanguage(request.headers['accept-language']) ??
    DEFAULT_LOCALE
  );
}
