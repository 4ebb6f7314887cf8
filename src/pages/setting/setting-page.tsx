import { useStore } from '@nanostores/react';
import { useRef, useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALES, LOCALE_NAMES, LOCALE_TAGS, type Locale } from '../../../contract/locales.ts';
import { post } from '../../api/client.ts';
import { HOME_PATH } from '../../lib/app-paths.ts';
import { navigate } from '../../lib/hash-route.ts';
import { $lang, switchLang } from '../../stores/lang.ts';
import { $stayLoggedIn } from '../../stores/preferences.ts';
import { $signedIn, $token, endSession } from '../../stores/session.ts';
import { $themeChoice, type ThemeChoice } from '../../stores/theme.ts';
import { showToast } from '../../stores/toast.ts';
import { ListLink } from '../../ui/list-link.tsx';
import { FiatSetting } from './fiat-picker.tsx';

// Loaded with this screen, not in the shared chunk every first visit fetches with the home tab's
// markets; asked for again at the tap if this load was lost, and if that fails too (offline on a
// first visit, nothing precached), one plain logout with the token is all that can be done.
const revocation = () => import('../../api/session-revocation.ts');
void revocation().catch(() => undefined);

export function SettingPage() {
  const { t } = useLingui();
  const lang = useStore($lang);
  const theme = useStore($themeChoice);
  const stay = useStore($stayLoggedIn) === '1';
  const signedIn = useStore($signedIn);
  /** The language tapped while its catalog loads; on failure the old one is checked again. */
  const [choosing, setChoosing] = useState<Locale | null>(null);
  const taps = useRef(0);

  const themes: [ThemeChoice, string][] = [
    ['system', t`Follow system`],
    ['light', t`Light`],
    ['dark', t`Dark`],
  ];

  const chooseLang = (code: Locale) => {
    const tap = ++taps.current;
    setChoosing(code);
    void switchLang(code)
      .catch(() => showToast(navigator.onLine ? t`Network error, please try again later` : t`You are offline. Connect to the network to download this language.`, 'error'))
      // An earlier tap settling must not uncheck the later one while its catalog still loads.
      .finally(() => tap === taps.current && setChoosing(null));
  };

  const signOut = () => {
    // The device forgets the token at once; the server is told until it hears (session-revocation.ts).
    const token = $token.get();
    endSession();
    void revocation().then(
      ({ revokeSession }) => revokeSession(token),
      () => post('/user/logout', undefined, { silent: true, token }).catch(() => undefined),
    );
    showToast(t`Logged out`, 'success');
    navigate(HOME_PATH, { replace: true });
  };

  return (
    <div class="stack">
      {signedIn && (
        <div class="list">
          <ListLink href="#/pages/setting/userInfo" label={t`Profile`} />
          <ListLink href="#/pages/setting/security" label={t`Security`} />
          <ListLink href="#/pages/setting/real" label={t`Identity verification`} />
        </div>
      )}
      {signedIn && (
        <div class="list">
          <ListLink href="#/pages/setting/bank" label={t`Bank card`} />
          <ListLink href="#/pages/setting/wallet" label={t`Address book`} />
          <ListLink href="#/pages/setting/bill" label={t`Bills`} />
          <ListLink href="#/pages/setting/coupon" label={t`Coupon centre`} />
        </div>
      )}

      <h2 class="section-title" id="lang-title">
        <Trans>Language</Trans>
      </h2>
      <div class="list" role="radiogroup" aria-labelledby="lang-title">
        {LOCALES.map((code: Locale) => (
          <label key={code} class="list__item">
            <span class="list__label" lang={LOCALE_TAGS[code]}>
              {LOCALE_NAMES[code]}
            </span>
            <input type="radio" name="lang" value={code} checked={(choosing ?? lang) === code} onChange={() => chooseLang(code)} />
          </label>
        ))}
      </div>

      <h2 class="section-title" id="theme-title">
        <Trans>Theme</Trans>
      </h2>
      <div class="segmented" role="group" aria-labelledby="theme-title">
        {themes.map(([value, label]) => (
          <button key={value} type="button" aria-pressed={theme === value} onClick={() => $themeChoice.set(value)}>
            {label}
          </button>
        ))}
      </div>

      <div class="list">
        <FiatSetting />
        <label class="list__item">
          <span class="list__label">
            <Trans>Stay logged in</Trans>
          </span>
          <input type="checkbox" class="switch" checked={stay} onChange={(e) => $stayLoggedIn.set((e.currentTarget as HTMLInputElement).checked ? '1' : '0')} />
        </label>
      </div>

      <div class="list">
        <ListLink href="#/pages/common/faq" label={t`FAQ`} />
        <ListLink href="#/pages/common/aboutus" label={t`About us`} value="v0.8.0" />
        <ListLink href="#/pages/common/contactus" label={t`Contact us`} />
        <ListLink href="#/pages/setting/operational_compliance" label={t`Operational compliance`} />
        <ListLink href="#/pages/download/index" label={t`Install app`} />
      </div>

      {signedIn ? (
        <button type="button" class="btn btn--danger btn--block" onClick={signOut}>
          <Trans>Log out</Trans>
        </button>
      ) : (
        <a class="btn btn--primary btn--block" href="#/pages/common/login">
          <Trans>Log in</Trans>
        </a>
      )}
    </div>
  );
}
