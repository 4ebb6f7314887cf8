import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import { idempotent } from './idempotent.ts';

describe('idempotent', () => {
  const keysOf = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.map(([p]) => (p as { idempotency_key: string }).idempotency_key);

  it('reuses the key when the same action is retried after an unknown outcome', async () => {
    const write = vi.fn().mockRejectedValueOnce(new ApiError('NETWORK', 'offline')).mockRejectedValueOnce(new ApiError('TIMEOUT', 'slow')).mockResolvedValueOnce('ok');
    const send = idempotent(write);
    await expect(send({ amount: '5' })).rejects.toThrow();
    await expect(send({ amount: '5' })).rejects.toThrow();
    await expect(send({ amount: '5' })).resolves.toBe('ok');
    const keys = keysOf(write);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('starts a new action after success, after a definite error, and when a field changes', async () => {
    const write = vi.fn().mockResolvedValueOnce('ok').mockRejectedValueOnce(new ApiError('WALLET.INSUFFICIENT_BALANCE', 'no')).mockRejectedValueOnce(new ApiError('NETWORK', 'x')).mockResolvedValue('ok');
    const send = idempotent(write);
    await send({ amount: '5' });
    await expect(send({ amount: '5' })).rejects.toThrow();
    await expect(send({ amount: '5' })).rejects.toThrow();
    await send({ amount: '6' });
    const keys = keysOf(write);
    expect(new Set(keys).size).toBe(4);
  });

  it('treats a retyped payment password as the same action', async () => {
    const write = vi.fn().mockRejectedValueOnce(new ApiError('TIMEOUT', 'slow')).mockResolvedValueOnce('ok');
    const send = idempotent(write);
    await expect(send({ amount: '5', pay_password: 'first' })).rejects.toThrow();
    await send({ amount: '5', pay_password: 'second' });
    expect(new Set(keysOf(write)).size).toBe(1);
  });

  it('sends the caller’s fields unchanged beside the key', async () => {
    const write = vi.fn().mockResolvedValue('ok');
    await idempotent(write)({ currency_id: 3, number: '1.5' });
    expect(write.mock.calls[0]![0]).toMatchObject({ currency_id: 3, number: '1.5' });
  });
});
