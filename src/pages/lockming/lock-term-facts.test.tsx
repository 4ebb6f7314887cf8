import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { LockProduct } from '../../../contract/api/lockming.ts';
import { LockTermFacts } from './lock-term-facts.tsx';

const product: LockProduct = {
  id: 3, category: 'lock', currency_id: 1, currency: 'USDT', decimals: 2, min_amount: '100', max_amount: '5000', daily_yield: '0.003', lock_days: 30,
  dividend_time: '08:00', penalty_rate: '0.004', expiry: '2027-01-31', status: 'active', purchasable: true, available: '1000',
};

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

const rows = (p: LockProduct) => {
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <dl>
        <LockTermFacts product={p} />
      </dl>
    </I18nProvider>,
  );
  return [...container.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);
};

describe('LockTermFacts', () => {
  it("states the single amount's limits and the dividend time as rows of the caller's list", () => {
    expect(rows(product)).toEqual([
      ['Single amount', '100.00 USDT – 5,000.00 USDT'],
      ['Dividend time', 'Daily at 08:00 UTC'],
    ]);
  });

  it('says there is no upper limit when the product has none', () => {
    expect(rows({ ...product, max_amount: null })[0]).toEqual(['Single amount', '100.00 USDT – No limit']);
  });
});
