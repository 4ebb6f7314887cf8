import { useState } from 'preact/hooks';
import { Trans } from '@lingui/react/macro';
import type { Notice } from '../../../contract/api/content.ts';
import { Dialog } from '../../ui/dialog.tsx';

const SEEN_KEY = 'notice_seen';

function seenId(): string | null {
  try {
    return localStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}

/** The pop-up notice of /news/index_pop, shown once per notice on this device. */
export function NoticeDialog({ notice }: { notice: Notice | null | undefined }) {
  const [closed, setClosed] = useState(false);
  if (!notice || closed || seenId() === String(notice.id)) return null;
  const close = () => {
    try {
      localStorage.setItem(SEEN_KEY, String(notice.id));
    } catch {
      // Seeing it again next time is harmless.
    }
    setClosed(true);
  };
  return (
    <Dialog title={notice.title} onClose={close}>
      <p class="prose">{notice.content}</p>
      <button type="button" class="btn btn--primary btn--block" onClick={close}>
        <Trans>I understand</Trans>
      </button>
    </Dialog>
  );
}
