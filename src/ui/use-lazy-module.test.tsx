import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/preact';

const reloadOnceForChunk = vi.fn(() => true);
vi.mock('../lib/chunk-reload.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../lib/chunk-reload.ts')>()), reloadOnceForChunk }));
const { keptImport, useLazyModule } = await import('./use-lazy-module.ts');

afterEach(() => {
  cleanup();
  reloadOnceForChunk.mockClear();
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
    expect(reloadOnceForChunk).toHaveBeenCalledTimes(1);
  });

  it('shows a failure that is not a stale chunk, and tries again when the network returns', async () => {
    reloadOnceForChunk.mockReturnValue(false);
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
