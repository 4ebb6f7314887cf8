import { useState } from 'preact/hooks';
import { Trans } from '@lingui/react/macro';
import type { Notice } from '../../../contract/api/content.ts';
import { readStored, writeStored } from '../../lib/device-storage.ts';
import { Dialog } from '../../ui/dialog.tsx';

const SEEN_KEY = 'notice_seen';

/** The pop-up notice of /news/index_pop, shown once per notice on this device. */
export function NoticeDialog({ notice }: { notice: Notice | null | undefined }) {
  const [closed, setClosed] = useState(false);
  if (!notice || closed || readStored(SEEN_KEY) === String(notice.id)) return null;
  const close = () => {
    // Not kept (storage blocked or full): seeing it again next time is harmless.
    writeStored(SEEN_KEY, String(notice.id));
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
