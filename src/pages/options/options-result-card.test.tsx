import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import type { OptionOrder } from '../../../contract/api/contracts.ts';
import { OptionsResultCard } from './options-result-card.tsx';

const catalogs = import.meta.glob<{ messages: Messages }>('../../../locales/en/messages.po');

const open: OptionOrder = {
  id: 7, match_id: 1, symbol: 'BTC/USDT', currency_id: 1, currency: 'USDT', type: 'up', seconds: 30, number: '10', profit_rate: '0.1',
  expected_profit: '1', buy_price: '60000', sell_price: null, state: 'open', outcome: null, profit: null,
  created_at: '2026-11-28 10:00:00', expires_at: '2026-11-28 10:00:30', expires_at_ms: Date.now() + 30_000, settled_at: null,
};
const won: OptionOrder = { ...open, state: 'settled', outcome: 'win', profit: '1', sell_price: '60100', settled_at: '2026-11-28 10:00:30' };

const card = (option: OptionOrder) => (
  <I18nProvider i18n={i18n}>
    <OptionsResultCard option={option} tickSize="0.1" onDismiss={() => undefined} />
  </I18nProvider>
);

beforeAll(async () => {
  i18n.load('en', (await catalogs['../../../locales/en/messages.po']!()).messages);
  i18n.activate('en', ['en']);
});
afterEach(cleanup);

describe('OptionsResultCard', () => {
  it('keeps the ticking countdown out of the live region, which waits empty for the result', () => {
    const { container } = render(card(open));
    expect(screen.getByRole('timer').closest('[aria-live]')).toBeNull();
    const live = container.querySelectorAll('[aria-live="polite"]');
    expect(live).toHaveLength(1);
    expect(live[0]!.textContent).toBe('');
  });

  it('announces the result in the same live region once the option settles', () => {
    const { container, rerender } = render(card(open));
    const live = container.querySelector('[aria-live="polite"]');
    rerender(card(won));
    expect(container.querySelector('[aria-live="polite"]')).toBe(live);
    expect(live!.textContent).toBe('You won +1.00 USDT');
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
