import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Envelope } from '../../contract/envelope.ts';
import { $lang } from '../stores/lang.ts';
import { $token } from '../stores/session.ts';
import { trackPending } from '../stores/loading.ts';
import { showToast } from '../stores/toast.ts';
import { ApiError, REQUEST_TIMEOUT_MS, apiUrl, loadKy } from './client.ts';
import { deadline } from './deadline.ts';

/** POST /upload, multipart with a `file` field; resolves with the stored file's path. */
export async function uploadImage(file: Blob): Promise<string> {
  const form = new FormData();
  // lang goes first: a file over the size cap is refused before the server reads further fields.
  form.append('lang', $lang.get());
  form.append('file', file);
  const token = $token.get();
  let envelope: Envelope<string>;
  // The limit covers the answer's body too (ky's timeout ends at the headers).
  const limit = deadline(REQUEST_TIMEOUT_MS);
  try {
    const { default: ky } = await loadKy();
    envelope = await trackPending(
      ky
        .post(apiUrl('/upload'), { body: form, headers: token ? { Authorization: token } : {}, timeout: false, retry: 0, throwHttpErrors: false, signal: limit.signal })
        .json<Envelope<string>>(),
    );
  } catch {
    const error = limit.signal.aborted
      ? new ApiError('TIMEOUT', i18n._(msg`The request timed out. Please try again.`))
      : new ApiError('NETWORK', i18n._(msg`Network error, please try again later`));
    showToast(error.message, 'error');
    throw error;
  } finally {
    limit.done();
  }
  if (envelope.type === 'ok') return envelope.message;
  showToast(envelope.message, 'error');
  throw new ApiError(envelope.code, envelope.message, envelope.field);
}
