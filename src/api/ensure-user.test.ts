import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../contract/api/account.ts';
import { $token, $user } from '../stores/session.ts';
import { ensureUser } from './ensure-user.ts';

const info = vi.fn<() => Promise<UserInfo>>();
vi.mock('./account.ts', () => ({ fetchUserInfo: () => info() }));

const someone = { uid: 7, email: 'a@example.com', phone: null, area_code: null, nickname: 'ann' } as UserInfo;

afterEach(() => {
  $user.set(null);
  $token.set('');
  info.mockReset();
});

describe('ensureUser', () => {
  it('reads the profile once for callers at the same moment, and not at all when it is known', async () => {
    $token.set('T0K3N');
    info.mockResolvedValue(someone);
    const [a, b] = await Promise.all([ensureUser(), ensureUser()]);
    expect([a, b, $user.get()]).toEqual([someone, someone, someone]);
    await ensureUser();
    expect(info).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed read (the boot read once, on a flaky link)', async () => {
    $token.set('T0K3N');
    info.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(someone);
    await expect(ensureUser()).rejects.toThrow('network');
    expect($user.get()).toBeNull();
    await expect(ensureUser()).resolves.toBe(someone);
    expect($user.get()).toBe(someone);
  });

  it('keeps a profile that arrives after the session ended out of the store', async () => {
    $token.set('T0K3N');
    let answer!: (user: UserInfo) => void;
    info.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const asked = ensureUser();
    $token.set('');
    answer(someone);
    await expect(asked).rejects.toThrow();
    expect($user.get()).toBeNull();
  });
});
