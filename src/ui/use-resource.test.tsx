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
