import { assetUrl } from '../../api/asset-url.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';

/** A trader's avatar, or the first letter of the nickname on a colour when there is none. */
export function TraderAvatar({ nickname, avatar, size = 40 }: { nickname: string; avatar: string; size?: number }) {
  return <CoinIcon symbol={nickname || '?'} src={avatar ? assetUrl(avatar) : undefined} size={size} />;
}
