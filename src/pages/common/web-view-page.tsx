import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconBack } from '../../ui/icons.tsx';
import './common.css';

/** Only http(s) addresses are framed; anything else (javascript:, data:) is refused. */
function safeUrl(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The one page without the custom navigation bar: a full-height frame with a floating back button. */
export function WebViewPage() {
  const { t } = useLingui();
  const params = new URLSearchParams(useSearch());
  const url = safeUrl(params.get('url'));
  const title = params.get('title') ?? t`Web page`;
  return (
    <div class="webview">
      {/* No nav bar to hold the page's title: a heading for assistive technology only. */}
      <h1 class="visually-hidden">{title}</h1>
      <button type="button" class="webview__back icon-btn" onClick={() => history.back()} aria-label={t`Back`}>
        <IconBack />
      </button>
      {url ? (
        <iframe class="webview__frame" src={url} title={title} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" referrerpolicy="no-referrer" />
      ) : (
        <div class="empty-state">
          <p>
            <Trans>This link cannot be opened.</Trans>
          </p>
        </div>
      )}
    </div>
  );
}
