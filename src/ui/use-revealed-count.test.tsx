import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { memo } from 'preact/compat';
import { useRevealedCount } from './use-revealed-count.ts';

const rendered: number[] = [];
const Row = memo(function Row({ n }: { n: number }) {
  rendered.push(n);
  return <li>{n}</li>;
});

function List({ total }: { total: number }) {
  const count = useRevealedCount(total, 8, 8);
  return (
    <ul>
      {Array.from({ length: count }, (_, i) => (
        <Row key={i} n={i} />
      ))}
    </ul>
  );
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

afterEach(() => {
  cleanup();
  rendered.length = 0;
});

describe('useRevealedCount', () => {
  it('renders the first rows at once and the rest a step per frame, each row once', async () => {
    render(<List total={20} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(20));
    // Three renders of the list (8, 16, 20), and no row rendered twice.
    expect(rendered).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('renders a short list whole and asks for no more frames', async () => {
    render(<List total={5} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    await frame();
    await frame();
    expect(rendered).toHaveLength(5);
  });

  it('follows a list that grows after it was all shown', async () => {
    const view = render(<List total={8} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    view.rerender(<List total={12} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(12));
  });

  it('reveals a list again in steps after a filter shortened it', async () => {
    const view = render(<List total={40} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(40));
    view.rerender(<List total={3} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await frame();
    rendered.length = 0;
    view.rerender(<List total={40} />);
    // The rows of the short list, then five more to make the first eight: not all forty at once.
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(rendered).toEqual([3, 4, 5, 6, 7]);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(40));
    expect(rendered).toEqual(Array.from({ length: 37 }, (_, i) => i + 3));
  });

  it('stops stepping once the list is gone', async () => {
    const view = render(<List total={40} />);
    view.unmount();
    await frame();
    await frame();
    expect(rendered).toHaveLength(8);
  });
});
