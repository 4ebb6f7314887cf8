import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { DialogActions } from './dialog-actions.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

describe('DialogActions', () => {
  it('cancels and confirms through their own callbacks', () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <DialogActions onCancel={onCancel} onConfirm={onConfirm}>
          Go
        </DialogActions>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    const go = screen.getByRole('button', { name: 'Go' });
    expect(go.className).toBe('btn btn--primary');
    fireEvent.click(go);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('marks a step that cannot be undone as danger, and holds the confirm button while disabled', () => {
    const onConfirm = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <DialogActions onCancel={() => undefined} onConfirm={onConfirm} disabled danger>
          Stop
        </DialogActions>
      </I18nProvider>,
    );
    const stop = screen.getByRole('button', { name: 'Stop' }) as HTMLButtonElement;
    expect(stop.className).toBe('btn btn--danger');
    expect(stop.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
