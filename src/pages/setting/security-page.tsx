import { useLingui } from '@lingui/react/macro';
import { ListLink } from '../../ui/list-link.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { useUser } from './use-user.ts';

/** Masks the middle of an email or phone so the screen can be shown over a shoulder. */
function mask(value: string | null): string {
  if (!value) return '';
  const at = value.indexOf('@');
  if (at > 0) return value.slice(0, Math.min(2, at)) + '***' + value.slice(at);
  return value.length > 6 ? value.slice(0, 3) + '****' + value.slice(-3) : value;
}

export function SecurityPage() {
  const { t } = useLingui();
  const { user, failure, retry } = useUser();
  // Without the profile nothing is known to be bound: blank while it loads, LoadError if it failed.
  const bound = (value: string | null) => (user ? mask(value) || t`Not bound` : '');
  return (
    <div class="list">
      <ListLink href="#/pages/setting/password" label={t`Login password`} value={t`Change`} />
      <ListLink href="#/pages/setting/payPassword" label={t`Payment password`} />
      {failure ? (
        <LoadError offline={failure.offline} onRetry={retry} />
      ) : (
        <>
          <div class="list__item">
            <span class="list__label">{t`Phone`}</span>
            <span class="list__value">{bound(user?.phone ?? null)}</span>
          </div>
          <div class="list__item">
            <span class="list__label">{t`Email`}</span>
            <span class="list__value">{bound(user?.email ?? null)}</span>
          </div>
        </>
      )}
      <ListLink href="#/pages/setting/real" label={t`Identity verification`} />
      <ListLink href="#/pages/setting/wallet" label={t`Address book`} />
    </div>
  );
}
