import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { UserInfo } from '../../../contract/api/account.ts';
import { $token, $user } from '../../stores/session.ts';
import { PayPasswordPage } from './pay-password-page.tsx';

const info = vi.fn<() => Promise<UserInfo>>();
vi.mock('../../api/account.ts', () => ({ fetchUserInfo: () => info(), sendEmailCode: vi.fn(), sendSmsCode: vi.fn() }));
vi.mock('../../api/verification.ts', () => ({ payPasswordAction: () => vi.fn() }));

const someone = { uid: 7, email: 'ann@example.com', phone: null, area_code: null, nickname: 'ann', has_pay_password: true } as UserInfo;
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const show = () =>
  render(
    <I18nProvider i18n={i18n}>
      <PayPasswordPage />
    </I18nProvider>,
  );

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  $token.set('T0K3N');
});
afterEach(() => {
  cleanup();
  $user.set(null);
  $token.set('');
  info.mockReset();
});

describe('PayPasswordPage', () => {
  it('offers Retry when the profile cannot be read, and the form for this user once it can', async () => {
    info.mockRejectedValueOnce(new Error('network'));
    show();
    await flush();
    // Not a form that guesses: "Set a payment password" would be wrong for someone who has one.
    expect(screen.queryByRole('button', { name: 'Set payment password' })).toBeNull();
    info.mockResolvedValueOnce(someone);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await flush();
    expect(screen.getByRole('button', { name: 'Change payment password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
    expect(screen.getByText('The code goes to ann@example.com')).toBeTruthy();
  });

  it('reads the profile again when the network comes back', async () => {
    info.mockRejectedValueOnce(new Error('network'));
    show();
    await flush();
    info.mockResolvedValueOnce(someone);
    await act(async () => {
      dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(info).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });
});
