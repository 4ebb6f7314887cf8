import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { loadKy, REQUEST_TIMEOUT_MS } from './client.ts';
import { uploadImage } from './upload.ts';
import { $pendingRequests } from '../stores/loading.ts';
import { $toasts } from '../stores/toast.ts';

// ky in before any test fakes the clock: fake time would run ahead of the real import.
beforeAll(() => loadKy());
beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  $toasts.set([]);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('uploadImage', () => {
  it('ends as a timeout when the answer’s body stalls after its headers, and the mask goes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const { signal } = input;
        // As a real fetch does, the abort of the request's signal ends its body.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"type":"ok",'));
            signal.addEventListener('abort', () => controller.error(signal.reason));
          },
        });
        return new Response(body, { headers: { 'content-type': 'application/json' } });
      }),
    );
    let failure: unknown;
    uploadImage(new Blob(['png'], { type: 'image/png' })).catch((error: unknown) => (failure = error));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(failure).toBeUndefined();
    expect($pendingRequests.get()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(failure).toMatchObject({ code: 'TIMEOUT' });
    expect($toasts.get().map((t) => t.text)).toEqual(['The request timed out. Please try again.']);
    expect($pendingRequests.get()).toBe(0);
  });

  it('resolves with the stored path and leaves no timer behind', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ type: 'ok', message: '/uploads/a.png' }))));
    await expect(uploadImage(new Blob(['png'], { type: 'image/png' }))).resolves.toBe('/uploads/a.png');
    expect(vi.getTimerCount()).toBe(0);
  });
});
