import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ConfirmDialog, type Fact } from './confirm-dialog.tsx';

const facts: Fact[] = [
  { label: 'Symbol', value: 'BTC/USDT' },
  { label: 'Direction', value: 'Up', tone: 'trend-up' },
  { label: 'Amount', value: '10 BTC', field: 'amount' },
];

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

const dialog = (props: { disabled: boolean; onCancel?: () => void; onConfirm?: () => void; factsClass?: string }) => (
  <I18nProvider i18n={i18n}>
    <ConfirmDialog title="Confirm order" facts={facts} testId="confirm" onCancel={() => undefined} onConfirm={() => undefined} {...props}>
      <p>The rule.</p>
    </ConfirmDialog>
  </I18nProvider>
);

describe('ConfirmDialog', () => {
  it('lists the rows with their tone and field, then what it is given', () => {
    render(dialog({ disabled: false, factsClass: 'futures-confirm' }));
    const list = screen.getByTestId('confirm');
    expect(list.className).toBe('facts futures-confirm');
    expect([...list.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Symbol', 'Direction', 'Amount']);
    const values = [...list.querySelectorAll('dd')];
    expect(values.map((dd) => dd.className)).toEqual(['num', 'num trend-up', 'num']);
    expect(values[2]!.getAttribute('data-field')).toBe('amount');
    expect(values[0]!.hasAttribute('data-field')).toBe(false);
    expect(list.nextElementSibling?.textContent).toBe('The rule.');
  });

  it('confirms, cancels, and waits while disabled', () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    const { rerender } = render(dialog({ disabled: true, onCancel, onConfirm }));
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    rerender(dialog({ disabled: false, onCancel, onConfirm }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
