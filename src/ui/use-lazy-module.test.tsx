import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/preact';

const reloadIfChunkGone = vi.fn(() => Promise.resolve(true));
vi.mock('../lib/chunk-reload.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../lib/chunk-reload.ts')>()), reloadIfChunkGone }));
const { keptImport, useLazyModule } = await import('./use-lazy-module.ts');
const { TRY_AGAIN_FIRST_MS } = await import('../lib/try-again.ts');

afterEach(() => {
  cleanup();
  reloadIfChunkGone.mockClear();
  vi.useRealTimers();
});

function Probe({ load }: { load: () => Promise<{ name: string }> }) {
  const state = useLazyModule(load);
  return <p>{state.status === 'ready' ? `ready: ${state.module.name}` : state.status}</p>;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useLazyModule', () => {
  it('answers the module once it has loaded', async () => {
    render(<Probe load={() => Promise.resolve({ name: 'chart' })} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await settle();
    expect(screen.getByText('ready: chart')).toBeTruthy();
  });

  it('reloads the page once when the chunk belongs to a build the server no longer has', async () => {
    render(<Probe load={() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/kline-chart-old.js'))} />);
    await settle();
    expect(reloadIfChunkGone).toHaveBeenCalledTimes(1);
    expect(screen.getByText('loading')).toBeTruthy();
  });

  it('shows a failure that is not a stale chunk, and tries again when the network returns', async () => {
    reloadIfChunkGone.mockResolvedValue(false);
    let fail = true;
    const load = vi.fn(() => (fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ name: 'chart' })));
    render(<Probe load={load} />);
    await settle();
    expect(screen.getByText('failed')).toBeTruthy();
    fail = false;
    await act(async () => {
      dispatchEvent(new Event('online'));
    });
    await settle();
    expect(screen.getByText('ready: chart')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries a chunk the network lost again by itself, after a doubling wait', async () => {
    vi.useFakeTimers();
    reloadIfChunkGone.mockResolvedValue(false);
    let failures = 2;
    const load = vi.fn(() => (failures-- > 0 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ name: 'chart' })));
    // act() holds renders and effects until it ends: a second one lets the retried load's answer in.
    const advance = async (ms: number) => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
    };
    render(<Probe load={load} />);
    await advance(0);
    expect(screen.getByText('failed')).toBeTruthy();
    await advance(TRY_AGAIN_FIRST_MS);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('failed')).toBeTruthy();
    // The second wait is twice the first.
    await advance(2 * TRY_AGAIN_FIRST_MS - 100);
    expect(load).toHaveBeenCalledTimes(2);
    await advance(100);
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.getByText('ready: chart')).toBeTruthy();
  });
});

describe('keptImport', () => {
  it('imports once while it succeeds, and afresh after a failure', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('module');
    const kept = keptImport(load);
    await expect(kept()).rejects.toThrow('offline');
    await expect(kept()).resolves.toBe('module');
    await expect(kept()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
