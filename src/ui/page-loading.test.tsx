import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { LOADING_VIEW_DELAY_MS, PageLoading } from './page-loading.tsx';

afterEach(() => vi.useRealTimers());

describe('PageLoading', () => {
  it('is busy at once and shows its spinner only after the delay, so fast loads never flash it', () => {
    vi.useFakeTimers();
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <PageLoading />
      </I18nProvider>,
    );
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.querySelector('[role="progressbar"]')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(LOADING_VIEW_DELAY_MS);
    });
    const spinner = container.querySelector('[role="progressbar"]');
    expect(spinner?.getAttribute('aria-label')).toBe('Loading');
    expect(spinner?.getAttribute('aria-busy')).toBe('true');
  });
});
