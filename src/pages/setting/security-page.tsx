import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $user } from '../../stores/session.ts';
import { ListLink } from '../../ui/list-link.tsx';

/** Masks the middle of an email or phone so the screen can be shown over a shoulder. */
function mask(value: string | null): string {
  if (!value) return '';
  const at = value.indexOf('@');
  if (at > 0) return value.slice(0, Math.min(2, at)) + '***' + value.slice(at);
  return value.length > 6 ? value.slice(0, 3) + '****' + value.slice(-3) : value;
}

export function SecurityPage() {
  const { t } = useLingui();
  const user = useStore($user);
  return (
    <div class="list">
      <ListLink href="#/pages/setting/password" label={t`Login password`} value={t`Change`} />
      <ListLink href="#/pages/setting/payPassword" label={t`Payment password`} />
      <div class="list__item">
        <span class="list__label">{t`Phone`}</span>
        <span class="list__value">{mask(user?.phone ?? null) || t`Not bound`}</span>
      </div>
      <div class="list__item">
        <span class="list__label">{t`Email`}</span>
        <span class="list__value">{mask(user?.email ?? null) || t`Not bound`}</span>
      </div>
      <ListLink href="#/pages/setting/real" label={t`Identity verification`} />
      <ListLink href="#/pages/setting/wallet" label={t`Address book`} />
    </div>
  );
}
