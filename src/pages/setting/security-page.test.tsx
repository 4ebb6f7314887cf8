import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { UserInfo } from '../../../contract/api/account.ts';
import { $token, $user } from '../../stores/session.ts';
import { SecurityPage } from './security-page.tsx';

const info = vi.fn<() => Promise<UserInfo>>();
vi.mock('../../api/account.ts', () => ({ fetchUserInfo: () => info() }));

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
});

describe('SecurityPage', () => {
  it('says the profile failed to load, not that phone and email are unbound, and shows them after Retry', async () => {
    info.mockRejectedValueOnce(new Error('network'));
    render(
      <I18nProvider i18n={i18n}>
        <SecurityPage />
      </I18nProvider>,
    );
    await flush();
    expect(screen.queryByText('Not bound')).toBeNull();
    info.mockResolvedValueOnce(someone);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await flush();
    expect(screen.getByText('an***@example.com')).toBeTruthy();
    // The phone, which this user has not bound.
    expect(screen.getByText('Not bound')).toBeTruthy();
  });
});
