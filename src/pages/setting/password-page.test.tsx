import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { UserInfo } from '../../../contract/api/account.ts';
import { $token, $user } from '../../stores/session.ts';
import { PasswordPage } from './password-page.tsx';

const info = vi.fn<() => Promise<UserInfo>>();
const emailCode = vi.fn();
vi.mock('../../api/account.ts', () => ({
  fetchUserInfo: () => info(),
  sendEmailCode: (...args: unknown[]) => emailCode(...args),
  sendSmsCode: vi.fn(),
  updatePassword: vi.fn(),
}));

const someone = { uid: 7, email: 'ann@example.com', phone: null, area_code: null, nickname: 'ann' } as UserInfo;
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  $token.set('T0K3N');
});
afterEach(() => {
  cleanup();
  $user.set(null);
  $token.set('');
  info.mockReset();
  emailCode.mockReset();
});

describe('PasswordPage', () => {
  it('sends the code after the boot failed to read the profile: Send code reads it first', async () => {
    info.mockRejectedValueOnce(new Error('network'));
    render(
      <I18nProvider i18n={i18n}>
        <PasswordPage />
      </I18nProvider>,
    );
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('Failed to load');
    info.mockResolvedValueOnce(someone);
    emailCode.mockResolvedValueOnce({ resend_after: 60 });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flush();
    expect(emailCode).toHaveBeenCalledWith('ann@example.com', 'update_password');
    expect(screen.getByText('The code goes to ann@example.com')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
