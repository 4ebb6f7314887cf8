import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import type { UserInfo } from '../../../contract/api/account.ts';
import { ensureUser } from '../../api/ensure-user.ts';
import { $user } from '../../stores/session.ts';
import { useOnline } from '../../ui/use-online.ts';

export interface UserView {
  user: UserInfo | null;
  /** The profile is missing because its last read failed (offline: while the device was offline). */
  failure: { offline: boolean } | null;
  /** Reads the profile again if it is still missing (a Retry). */
  retry: () => void;
  /** The profile, read now if missing (a tap that needs it); a failure also shows as `failure`. */
  ensure: () => Promise<UserInfo>;
}

/**
 * The signed-in user's profile for a screen that shows or uses it: read on mount if the boot's
 * read has not brought it, again when the network comes back, and its failure said in place
 * (LoadError) instead of content that would be wrong without it.
 */
export function useUser(): UserView {
  const user = useStore($user);
  const [failure, setFailure] = useState<{ offline: boolean } | null>(null);
  const mounted = useRef(true);
  const ensure = useCallback(() => {
    const asked = ensureUser();
    asked.then(
      () => mounted.current && setFailure(null),
      () => mounted.current && setFailure({ offline: !navigator.onLine }),
    );
    return asked;
  }, []);
  const retry = useCallback(() => {
    if ($user.get()) return;
    setFailure(null);
    void ensure();
  }, [ensure]);
  useEffect(() => {
    mounted.current = true;
    retry();
    return () => {
      mounted.current = false;
    };
  }, []);
  useOnline(retry);
  return { user, failure: user ? null : failure, retry, ensure };
}
