import { useStore } from '@nanostores/react';
import { Trans } from '@lingui/react/macro';
import { $online } from '../stores/network.ts';
import { $updateReady } from '../stores/app-update.ts';
import { $socketStatus } from '../stores/socket-status.ts';

/** The offline notice and the "new version" prompt, pinned above the page. */
export function StatusBanners() {
  const online = useStore($online);
  const update = useStore($updateReady);
  // The stream's state, for tests and support: live, reconnecting or offline.
  const socket = useStore($socketStatus);
  return (
    <div class="status-banners" data-socket={socket}>
      {!online && (
        <div class="status-banner status-banner--offline" role="status">
          <Trans>You are offline. Showing the last saved data.</Trans>
        </div>
      )}
      {update && (
        <div class="status-banner status-banner--update" role="status">
          <span>
            <Trans>A new version is ready.</Trans>
          </span>
          <button type="button" class="btn btn--small btn--primary" onClick={update.apply}>
            <Trans>Update</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
