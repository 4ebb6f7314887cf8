import { msg } from '@lingui/core/macro';
import type { RouteManifest } from '../../lib/route-manifest.ts';

/**
 * Routes of section 2 whose products are not built yet: each opens the "Feature under development"
 * screen. A product that lands moves its routes into a manifest of its own folder.
 */
export const UPCOMING_ROUTES: RouteManifest = [
  { path: '/pages/common/borrowing', title: msg`Borrowing` },
  { path: '/pages/setting/share', protected: true, title: msg`Invite friends` },
  { path: '/pages/otc/otc', title: msg`OTC` },
  { path: '/pages/nft/nft', title: msg`NFT` },
  { path: '/pages/nft/artistDetail', title: msg`Artist` },
  { path: '/pages/nft/mine', protected: true, title: msg`My NFT` },
  { path: '/pages/nft/artworkDetail', title: msg`Artwork` },
  { path: '/pages/nft/artworkDetail_video', title: msg`Artwork` },
  { path: '/pages/nft/purchase', protected: true, title: msg`Purchase` },
  { path: '/pages/nft/purchase_one', protected: true, title: msg`Purchase` },
  { path: '/pages/nft/resell', protected: true, title: msg`Resell` },
  { path: '/pages/nft/myNft', protected: true, title: msg`My collection` },
  { path: '/pages/nft/components/artist', title: msg`Artists` },
  { path: '/pages/nft/components/artwork', title: msg`Artworks` },
  { path: '/pages/nft/components/search', title: msg`Search` },
  { path: '/pages/nft/components/collection', title: msg`Collections` },
  { path: '/pages/game/game', title: msg`Games` },
  { path: '/pages/kefu/index', title: msg`Customer service` },
  { path: '/pages/kf/kf', title: msg`Customer service` },
  { path: '/pages/mailMessage/mailMessage', protected: true, title: msg`Messages` },
  { path: '/pages/mailMessage/mailMessageList', protected: true, title: msg`Messages` },
  { path: '/pages/mailMessage/ggList', title: msg`Announcements` },
  { path: '/pages/mailMessage/ggDetail', title: msg`Announcement` },
  { path: '/pages/mailMessage/mailMessageDetail', protected: true, title: msg`Message` },
  { path: '/choose-location', title: msg`Choose location` },
  { path: '/open-location', title: msg`Location` },
];
