import type { ComponentChildren } from 'preact';
import { useLingui } from '@lingui/react/macro';
import { navigate } from '../lib/hash-route.ts';
import { HOME_PATH } from '../lib/app-paths.ts';
import { IconBack } from './icons.tsx';

/** Back goes to the previous screen, or home when the app was opened on this one. */
function goBack(): void {
  if (history.length > 1) history.back();
  else navigate(HOME_PATH);
}

export function NavBar({ title, back, right }: { title: string; back: boolean; right?: ComponentChildren }) {
  const { t } = useLingui();
  return (
    <header class="navbar" data-navbar>
      {back ? (
        <button type="button" class="navbar__back icon-btn" onClick={goBack} aria-label={t`Back`}>
          <IconBack />
        </button>
      ) : (
        <span class="navbar__spacer" />
      )}
      <h1 class="navbar__title" tabIndex={-1}>
        {title}
      </h1>
      <div class="navbar__right">{right}</div>
    </header>
  );
}
