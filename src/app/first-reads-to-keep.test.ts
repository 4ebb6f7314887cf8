import { describe, expect, it } from 'vitest';
import { MAX_FIRST_READS, firstReadsToKeep } from './first-reads-to-keep.ts';

const base = 'https://brisk.example/';
const entries = (...names: string[]) => names.map((name) => ({ name }));

describe('firstReadsToKeep: what a first visit read before its service worker existed', () => {
  it('lists the app’s own reads once each, in order, and nothing from elsewhere', () => {
    const urls = firstReadsToKeep(
      entries(
        `${base}api/news/list?c_id=5&page=1&limit=5&lang=en`,
        `${base}content/banner-1.svg`,
        'https://cdn.example/font.woff2',
        `${base}assets/locale-abc.js`,
        `${base}api/news/list?c_id=5&page=1&limit=5&lang=en`,
        'not a url',
      ),
      { base, token: '' },
    );
    expect(urls).toEqual([`${base}api/news/list?c_id=5&page=1&limit=5&lang=en`, `${base}content/banner-1.svg`, `${base}assets/locale-abc.js`]);
  });

  it('never names the worker itself or the stream’s transport', () => {
    expect(firstReadsToKeep(entries(`${base}sw.js`, `${base}socket.io/?EIO=4&transport=polling`, `${base}faq`), { base, token: '' })).toEqual([`${base}faq`]);
  });

  it('sends the session’s token with API reads only, so private data is kept only while signed in', () => {
    const urls = firstReadsToKeep(entries(`${base}api/wallet/list?lang=en`, `${base}coins/btc.svg`), { base, token: 'T0K3N' });
    expect(urls).toEqual([[`${base}api/wallet/list?lang=en`, { headers: { Authorization: 'T0K3N' } }], `${base}coins/btc.svg`]);
  });

  it('keeps to the app’s own directory when it is served under a path', () => {
    const sub = 'https://brisk.example/app/';
    expect(firstReadsToKeep(entries(`${sub}api/menu?lang=en`, 'https://brisk.example/other/api/menu'), { base: sub, token: '' })).toEqual([`${sub}api/menu?lang=en`]);
  });

  it(`stops at ${MAX_FIRST_READS}`, () => {
    const many = entries(...Array.from({ length: MAX_FIRST_READS + 10 }, (_, i) => `${base}api/news/detail?id=${i}`));
    const urls = firstReadsToKeep(many, { base, token: '' });
    expect(urls).toHaveLength(MAX_FIRST_READS);
    expect(urls.at(-1)).toBe(`${base}api/news/detail?id=${MAX_FIRST_READS - 1}`);
  });
});
