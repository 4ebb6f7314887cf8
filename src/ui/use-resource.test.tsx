import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/preact';
import { useResource } from './use-resource.ts';

function Probe({ load }: { load: () => Promise<string> }) {
  const resource = useResource(load, []);
  return <p>{resource.data ?? (resource.error ? 'failed' : 'loading')}</p>;
}

afterEach(cleanup);

describe('useResource', () => {
  it('loads again by itself when the device comes back online, replacing an error or an old copy', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('fresh');
    render(<Probe load={load} />);
    await screen.findByText('failed');
    dispatchEvent(new Event('online'));
    await screen.findByText('fresh');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders twice for one load: the first render, and the answer', async () => {
    let renders = 0;
    function Counted({ load }: { load: () => Promise<string> }) {
      renders += 1;
      const resource = useResource(load, []);
      return <p>{resource.data ?? 'loading'}</p>;
    }
    render(<Counted load={async () => 'data'} />);
    await screen.findByText('data');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(renders).toBe(2);
  });

  it('stops listening once the screen is gone', async () => {
    const load = vi.fn(async () => 'data');
    const view = render(<Probe load={load} />);
    await screen.findByText('data');
    view.unmount();
    dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('useResource with data in hand', () => {
  function Given({ load, initial, dep }: { load: () => Promise<string>; initial: () => string | undefined; dep: number }) {
    const resource = useResource(load, [dep], initial);
    return <p>{resource.loading ? `loading ${resource.data ?? ''}` : resource.data}</p>;
  }

  it('shows it in the first render and skips the first load; a change of deps loads again', async () => {
    const load = vi.fn(async () => 'loaded');
    const view = render(<Given load={load} initial={() => 'in hand'} dep={1} />);
    expect(screen.getByText('in hand')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
    view.rerender(<Given load={load} initial={() => 'in hand'} dep={2} />);
    await screen.findByText('loaded');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads as usual when nothing is in hand', async () => {
    const load = vi.fn(async () => 'loaded');
    render(<Given load={load} initial={() => undefined} dep={1} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await screen.findByText('loaded');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
