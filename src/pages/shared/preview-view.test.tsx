import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ApiError } from '../../api/client.ts';
import type { Resource } from '../../ui/use-resource.ts';
import { PreviewView } from './preview-view.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

const failed = (error: unknown, reload = () => undefined): Resource<{ amount: string }> => ({ data: undefined, error, loading: false, offline: false, reload });

const view = (resource: Resource<{ amount: string }>) =>
  render(
    <I18nProvider i18n={i18n}>
      <PreviewView resource={resource}>{(v) => <p data-testid="preview">{v.amount}</p>}</PreviewView>
    </I18nProvider>,
  );

describe('PreviewView', () => {
  it('shows the preview once it is in', () => {
    view({ data: { amount: '12' }, error: undefined, loading: false, reload: () => undefined });
    expect(screen.getByTestId('preview').textContent).toBe('12');
  });

  it("says the server's refusal as it words it, without a Retry", () => {
    const { container } = view(failed(new ApiError('LOCKMING.ORDER_MATURED', 'This order has matured')));
    expect(container.querySelector('.notice')?.textContent).toBe('This order has matured');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it.each(['NETWORK', 'TIMEOUT', 'HTTP_502', 'OFFLINE'])('offers Retry after a %s failure, which is no answer of the server', (code) => {
    const reload = vi.fn();
    const { container } = view(failed(new ApiError(code, 'Request failed'), reload));
    expect(container.querySelector('.notice')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
