import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { LockProduct } from '../../../contract/api/lockming.ts';
import { LockProductHead } from './lock-product-head.tsx';

const product = { currency: 'ETH', lock_days: 90 } as LockProduct;

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

describe('LockProductHead', () => {
  it('names the coin and the lock period, then what it is given', () => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <LockProductHead product={product}>
          <span class="badge">Paused</span>
        </LockProductHead>
      </I18nProvider>,
    );
    const head = container.querySelector('.lock-product__head')!;
    expect(head.querySelector('strong')?.textContent).toBe('ETH');
    expect(head.querySelector('.muted')?.textContent).toBe('90-day lock');
    expect(head.lastElementChild?.textContent).toBe('Paused');
  });
});
