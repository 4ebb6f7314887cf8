import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/preact';

afterEach(cleanup);

describe('useScreenEnters', () => {
  let useScreenEnters: typeof import('./use-screen-enters.ts').useScreenEnters;
  beforeEach(async () => {
    vi.resetModules();
    ({ useScreenEnters } = await import('./use-screen-enters.ts'));
  });

  function Probe({ name }: { name: string }) {
    const enters = useScreenEnters();
    return <p>{`${name}: ${enters ? 'enters' : 'in place'}`}</p>;
  }

  it('shows the first screen in place and slides in every one after it', () => {
    const view = render(<Probe key="a" name="first" />);
    expect(screen.getByText('first: in place')).toBeTruthy();
    view.rerender(<Probe key="b" name="second" />);
    expect(screen.getByText('second: enters')).toBeTruthy();
    view.rerender(<Probe key="c" name="third" />);
    expect(screen.getByText('third: enters')).toBeTruthy();
  });

  it('keeps a screen’s answer across its own re-renders', () => {
    const view = render(<Probe name="first" />);
    view.rerender(<Probe name="first" />);
    expect(screen.getByText('first: in place')).toBeTruthy();
  });
});
