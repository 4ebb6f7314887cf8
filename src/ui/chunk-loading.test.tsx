import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { CHUNK_STALL_MS, ChunkLoading } from './chunk-loading.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderLoading = () =>
  render(
    <I18nProvider i18n={i18n}>
      <ChunkLoading />
    </I18nProvider>,
  );

describe('ChunkLoading', () => {
  it('is the spinner alone until the chunk has taken CHUNK_STALL_MS', () => {
    vi.useFakeTimers();
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const { container } = renderLoading();
    act(() => {
      vi.advanceTimersByTime(CHUNK_STALL_MS - 1);
    });
    expect(container.querySelector('[role="progressbar"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('then says so beside the spinner and offers a Retry that reloads the page', () => {
    vi.useFakeTimers();
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    const { container } = renderLoading();
    act(() => {
      vi.advanceTimersByTime(CHUNK_STALL_MS);
    });
    expect(screen.getByRole('alert').textContent).toContain('This page is taking a long time to load.');
    expect(container.querySelector('[role="progressbar"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("holds a block's own placeholder instead of the spinner, and adds the same line under it", () => {
    vi.useFakeTimers();
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <ChunkLoading placeholder={<div class="skeleton" data-testid="held" />} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('held')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(CHUNK_STALL_MS);
    });
    expect(screen.getByTestId('held')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This page is taking a long time to load.');
  });
});
