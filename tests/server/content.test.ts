import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_KEYS, type Coin, type FaqItem, type MenuItem, type NewsDetail, type NewsItem, type Notice, type TextPage } from '../../contract/api/content.ts';
import type { Page } from '../../contract/envelope.ts';
import { LOCALES } from '../../contract/locales.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const publicFile = (path: string) => fileURLToPath(new URL(`../../public${path}`, import.meta.url));

describe('news and banners', () => {
  it('come in every locale, each in its own language', async () => {
    const titles = new Set<string>();
    for (const lang of LOCALES) {
      const page = await t.ok<Page<NewsItem>>('/api/news/list', { data: { c_id: 4 }, lang });
      expect(page).toMatchObject({ page: 1, limit: 10, total: 5 });
      expect(page.data).toHaveLength(5);
      titles.add(page.data[0]?.title ?? '');
    }
    expect(titles.size).toBe(LOCALES.length);
  });

  it('list banners with their images, newest news first', async () => {
    const banners = await t.ok<Page<NewsItem>>('/api/news/list', { data: { c_id: 5 } });
    expect(banners.data).toHaveLength(3);
    for (const banner of banners.data) {
      expect(banner.thumbnail).toMatch(/^\/content\/banner-\d\.svg$/);
      expect(existsSync(publicFile(banner.thumbnail))).toBe(true);
    }
    const news = await t.ok<Page<NewsItem>>('/api/news/list', { method: 'GET', data: { c_id: 4 } });
    const dates = news.data.map((item) => item.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('page with a default of 10 and at most 50 per page', async () => {
    const second = await t.ok<Page<NewsItem>>('/api/news/list', { data: { c_id: 4, page: 2, limit: 2 } });
    expect(second).toMatchObject({ page: 2, limit: 2, total: 5 });
    const first = await t.ok<Page<NewsItem>>('/api/news/list', { data: { c_id: 4, page: 1, limit: 2 } });
    expect(second.data.map((n) => n.id)).not.toEqual(first.data.map((n) => n.id));
    expect((await t.ok<Page<NewsItem>>('/api/news/list', { data: { c_id: 4, limit: 500 } })).limit).toBe(50);
    expect((await t.ok<Page<NewsItem>>('/api/news/list', { data: { c_id: 4, page: 9 } })).data).toEqual([]);
    for (const data of [{ c_id: 4, page: 0 }, { c_id: 4, limit: -1 }, { c_id: 4, page: 'two' }, { c_id: 7 }, {}] as Record<string, string | number>[]) {
      expect((await t.api('/api/news/list', { data })).body).toMatchObject({ type: 'error' });
    }
    expect((await t.api('/api/news/list', { data: { c_id: 9 } })).body).toMatchObject({ code: 'COMMON.PARAM_INVALID', field: 'c_id' });
  });

  it('open an article, or say it is not found', async () => {
    const [item] = (await t.ok<Page<NewsItem>>('/api/news/list', { data: { c_id: 4 } })).data;
    const detail = await t.ok<NewsDetail>('/api/news/detail', { data: { id: item?.id ?? 0 }, lang: 'fra' });
    expect(detail.id).toBe(item?.id);
    expect(detail.content.length).toBeGreaterThan(20);
    expect(detail.title).not.toBe(item?.title);
    expect((await t.api('/api/news/detail', { data: { id: 99999 }, lang: 'spa' })).body).toEqual({ type: 'error', code: 'COMMON.NOT_FOUND', field: 'id', message: 'No encontrado' });
  });

  it('fall back to English when a locale has no text for an item', async () => {
    const [item] = (await t.ok<Page<NewsItem>>('/api/news/list', { data: { c_id: 4 } })).data;
    const id = item?.id ?? 0;
    await t.server.db.deleteFrom('news_texts').where('news_id', '=', id).where('locale', '=', 'th').execute();
    const thai = await t.ok<NewsDetail>('/api/news/detail', { data: { id }, lang: 'th' });
    const english = await t.ok<NewsDetail>('/api/news/detail', { data: { id }, lang: 'en' });
    expect(thai.title).toBe(english.title);
    const list = await t.ok<Page<NewsItem>>('/api/news/list', { data: { c_id: 4 }, lang: 'th' });
    expect(list.total).toBe(5);
    expect(list.data.find((n) => n.id === id)?.title).toBe(english.title);
  });
});

describe('other content', () => {
  it('has a pop-up notice in the request language', async () => {
    const zh = await t.ok<Notice | null>('/api/news/index_pop', { method: 'GET', lang: 'zh' });
    const en = await t.ok<Notice | null>('/api/news/index_pop', { method: 'GET' });
    expect(zh?.title).toBe('安全提醒');
    expect(en?.title).toBe('Security reminder');
  });

  it('has six FAQ entries and the three text pages in every locale', async () => {
    for (const lang of LOCALES) {
      const faq = await t.ok<FaqItem[]>('/api/faq', { method: 'GET', lang });
      expect(faq).toHaveLength(6);
      for (const page of ['/api/aboutus', '/api/contactus', '/api/operational_compliance']) {
        const text = await t.ok<TextPage>(page, { method: 'GET', lang });
        expect(text.title.length).toBeGreaterThan(1);
        expect(text.content.length).toBeGreaterThan(20);
      }
    }
    expect((await t.ok<TextPage>('/api/contactus', { method: 'GET' })).content).toContain('support@brisk.dev');
  });

  it('lists the home menu keys', async () => {
    const menu = await t.ok<MenuItem[]>('/api/menu', { method: 'GET' });
    expect(menu.map((m) => m.key)).toEqual([...MENU_KEYS]);
    expect(menu.every((m) => typeof m.enabled === 'boolean')).toBe(true);
  });

  it('answers settings by keyword', async () => {
    expect(await t.ok('/api/getSetting', { method: 'GET', data: { keyword: 'invite_required' } })).toEqual({ keyword: 'invite_required', value: '0' });
    expect(await t.ok('/api/getSetting', { data: { keyword: 'service_email' } })).toEqual({ keyword: 'service_email', value: 'support@brisk.dev' });
    expect((await t.api('/api/getSetting', { method: 'GET', data: { keyword: 'code_hmac' } })).body).toMatchObject({ code: 'COMMON.NOT_FOUND' });
    expect((await t.api('/api/getSetting', { method: 'GET' })).body).toMatchObject({ code: 'VALID.REQUIRED', field: 'keyword' });
  });
});

describe('currencies', () => {
  it('lists the seeded coins with networks, fees as decimal strings, and images that exist', async () => {
    const coins = await t.ok<Coin[]>('/api/currency/list', { method: 'GET' });
    expect(coins.map((c) => c.name).slice(0, 10)).toEqual(['BTC', 'ETH', 'USDT', 'LTC', 'TRX', 'XRP', 'DOGE', 'SOL', 'BNB', 'ADA']);
    // Then the currencies only traded here (issue 4): no deposit networks.
    expect(coins.slice(10).map((c) => c.name)).toEqual(expect.arrayContaining(['DOT', 'PEPE', 'AAPL', 'TSLA']));
    expect(coins.slice(10).every((c) => c.networks.length === 0)).toBe(true);
    const usdt = coins.find((c) => c.name === 'USDT');
    expect(usdt).toMatchObject({ type: 'token', decimals: 6, subName: 'ERC20/TRC20', image: '/coins/usdt.svg', status: 1 });
    expect(usdt?.networks.map((n) => [n.name, n.withdraw_fee, n.min_withdraw])).toEqual([['ERC20', '5', '10'], ['TRC20', '1', '10']]);
    const btc = coins.find((c) => c.name === 'BTC');
    expect(btc).toMatchObject({ type: 'coin', decimals: 8, subName: '', full_name: 'Bitcoin' });
    expect(btc?.networks[0]).toMatchObject({ withdraw_fee: '0.0005', min_withdraw: '0.001' });
    const fee = await t.server.db.selectFrom('currency_networks').select('withdraw_fee_minor').where('currency_id', '=', btc?.id ?? 0).executeTakeFirstOrThrow();
    expect(fee.withdraw_fee_minor).toBe('50000');
    for (const coin of coins) expect(existsSync(publicFile(coin.image))).toBe(true);
  });
});
