import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import type { FuturesAccountRisk, FuturesDeal, FuturesPreview } from '../../../contract/api/contracts.ts';
import { FuturesPreviewFacts } from './futures-preview-facts.tsx';

const catalogs = import.meta.glob<{ messages: Messages }>('../../../locales/en/messages.po');

const balance: FuturesAccountRisk = {
  account: 'lever', currency_id: 1, currency: 'USDT', available: '0', frozen: '0', used_margin: '0', unrealized_pnl: '0', equity: '0', risk_rate: null,
};

function deal(preview: Partial<FuturesPreview> | null): FuturesDeal {
  return {
    symbol: 'BTCUSDT', currency_id: 2, legal_id: 1, category: 'coin', account: 'lever', multiples: [5, 10], lot_size: '0.001', min_lots: 1, max_lots: 1000,
    tick_size: '0.1', fee_rate: '0.0005', overnight_rate: '0.0001', overnight_time: '00:00', liquidation_rate: '0.5', mark_price: '59331.0', balance,
    preview: preview && { type: 'long', multiple: 10, lots: 1, price: '59331.0', notional: '59.3310', margin: '5.933100', fee: '0.029666', liquidation_price: '53694.6', affordable: true, ...preview },
  };
}

const liquidation = (d: FuturesDeal) => {
  render(
    <I18nProvider i18n={i18n}>
      <FuturesPreviewFacts deal={d} balance={balance} previewing={false} quote="USDT" />
    </I18nProvider>,
  );
  const text = screen.getByTestId('preview-liquidation').textContent;
  cleanup();
  return text;
};

beforeAll(async () => {
  i18n.load('en', (await catalogs['../../../locales/en/messages.po']!()).messages);
  i18n.activate('en', ['en']);
});
afterEach(cleanup);

describe('FuturesPreviewFacts', () => {
  it('shows the estimated liquidation price of an order the balance covers', () => {
    expect(liquidation(deal({}))).toBe('53,694.6');
    expect(liquidation(deal({ liquidation_price: null }))).toBe('None');
  });

  it('shows no liquidation price for an order the balance cannot pay for, whatever the estimate says', () => {
    // An unfunded account's estimate lands above the mark for a long (measured on the futures screen).
    expect(liquidation(deal({ affordable: false, liquidation_price: '62326.6' }))).toBe('--');
    expect(liquidation(deal(null))).toBe('--');
  });
});
