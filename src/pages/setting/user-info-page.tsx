import { useEffect, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { editProfile, fetchUserInfo, setAvatar } from '../../api/account.ts';
import { assetUrl } from '../../api/asset-url.ts';
import { uploadImage } from '../../api/upload.ts';
import { validateNickname, validateSignature } from '../../lib/validate.ts';
import { $user } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { errorMessage } from '../../ui/error-messages.ts';
import { IconUser } from '../../ui/icons.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { shrinkImage } from './shrink-image.ts';
import './setting.css';

const refreshUser = () => fetchUserInfo().then((user) => $user.set(user), () => undefined);

export function UserInfoPage() {
  const { t, i18n } = useLingui();
  const user = useStore($user);
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const [signature, setSignature] = useState(user?.signature ?? '');
  const [errors, setErrors] = useState<{ nickname?: string | null; signature?: string | null }>({});

  useEffect(() => {
    void refreshUser();
  }, []);
  useEffect(() => {
    if (!user) return;
    setNickname(user.nickname);
    setSignature(user.signature);
  }, [user?.uid, user?.nickname, user?.signature]);

  const pickAvatar = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      const path = await uploadImage(await shrinkImage(file));
      await setAvatar(path);
      await refreshUser();
      showToast(t`Avatar updated`, 'success');
    } catch {
      // The API layer has already shown why.
    }
  };

  const save = () => {
    const next = {
      nickname: errorMessage(i18n, validateNickname(nickname.trim())),
      signature: signature.trim() ? errorMessage(i18n, validateSignature(signature.trim())) : null,
    };
    setErrors(next);
    if (next.nickname || next.signature) return;
    editProfile({ nickname: nickname.trim(), signature: signature.trim() || undefined }).then(
      () => {
        showToast(t`Saved`, 'success');
        void refreshUser();
      },
      () => undefined,
    );
  };

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      <div class="profile-head">
        <label class="avatar avatar--large" aria-label={t`Change avatar`}>
          {user?.avatar ? <img src={assetUrl(user.avatar)} alt={t`Avatar`} width={72} height={72} /> : <IconUser />}
          <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" class="visually-hidden" onChange={(e) => void pickAvatar(e.currentTarget as HTMLInputElement)} />
        </label>
        <div>
          <p class="profile-head__name">{user?.nickname}</p>
          <p class="muted">UID {user?.uid}</p>
        </div>
      </div>
      <TextField label={t`Nickname`} name="nickname" value={nickname} onInput={setNickname} error={errors.nickname ?? null} maxLength={10} placeholder={t`2-10 characters`} />
      <TextField label={t`Signature`} name="signature" value={signature} onInput={setSignature} error={errors.signature ?? null} maxLength={30} placeholder={t`2-30 characters`} />
      <SubmitButton onSubmit={save}>
        <Trans>Save</Trans>
      </SubmitButton>
    </form>
  );
}
