import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { PayPasswordNeededDialog } from './pay-password-needed-dialog.tsx';

describe('PayPasswordNeededDialog', () => {
  it('says why, links to setting the payment password, and closes', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const onClose = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <PayPasswordNeededDialog onClose={onClose}>Withdrawals need it.</PayPasswordNeededDialog>
      </I18nProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Payment password needed' });
    expect(dialog.textContent).toContain('Withdrawals need it.');
    expect(screen.getByRole('link', { name: 'Set payment password' }).getAttribute('href')).toBe('#/pages/setting/payPassword');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
