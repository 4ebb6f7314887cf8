import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The navigation-bar title of every route in route-paths.ts. */
export const ROUTE_TITLES: Record<string, MessageDescriptor> = {
  '/': msg`Home`,
  '/pages/index/index': msg`Home`,
  '/pages/market/market': msg`Market`,
  '/pages/transaction/index': msg`Trade`,
  '/pages/financial/index': msg`Finance`,
  '/pages/fund/assets': msg`Assets`,

  '/pages/common/login': msg`Log in`,
  '/pages/common/register': msg`Sign up`,
  '/pages/common/forget': msg({ message: 'Reset password', context: 'page title' }),
  '/pages/common/area': msg`Country or region`,
  '/pages/common/article': msg`Article`,
  '/pages/common/webView': msg`Web page`,
  '/pages/common/faq': msg`FAQ`,
  '/pages/common/contactus': msg`Contact us`,
  '/pages/common/aboutus': msg`About us`,
  '/pages/common/borrowing': msg`Borrowing`,

  '/pages/setting/setting': msg`Settings`,
  '/pages/setting/userInfo': msg`Profile`,
  '/pages/setting/security': msg`Security`,
  '/pages/setting/password': msg({ message: 'Login password', context: 'page title' }),
  '/pages/setting/payPassword': msg`Payment password`,
  '/pages/setting/coupon': msg`Coupon centre`,
  '/pages/setting/wallet': msg`Address book`,
  '/pages/setting/addWallet': msg`Add address`,
  '/pages/setting/bill': msg`Bills`,
  '/pages/setting/real': msg`Identity verification`,
  '/pages/setting/real_mark': msg`Identity verification`,
  '/pages/setting/operational_compliance': msg`Operational compliance`,
  '/pages/setting/share': msg`Invite friends`,
  '/pages/setting/areas': msg`Country or region`,
  '/pages/setting/bank': msg`Bank card`,
  '/pages/setting/bank_international': msg`International bank card`,

  '/pages/fund/select': msg`Select currency`,
  '/pages/fund/receive': msg`Deposit`,
  '/pages/fund/receive_withdraw_record': msg`Deposits and withdrawals`,
  '/pages/fund/withdraw': msg`Withdraw`,
  '/pages/fund/assets_record': msg`Asset records`,
  '/pages/fund/assets_all_record': msg`All records`,
  '/pages/fund/transfer': msg`Transfer`,
  '/pages/fund/fundTransfer': msg`Send to a user`,
  '/pages/fund/transfer_history': msg`Transfer history`,

  '/pages/market/search': msg`Search`,

  '/pages/download/index': msg`Install app`,

  '/pages/copytrade/copy': msg`Copy trading`,
  '/pages/copytrade/my': msg`My copy trading`,
  '/pages/copytrade/trader': msg`Trader`,

  '/pages/otc/otc': msg`OTC`,

  '/pages/ieo/ieo': msg`IEO`,
  '/pages/ieo/subscribe': msg`Subscribe`,
  '/pages/ieo/order': msg`My subscriptions`,

  '/pages/lockming/lockming': msg`Lock mining`,
  '/pages/lockming/buy': msg`Stake`,
  '/pages/lockming/order': msg`Mining orders`,
  '/pages/lockming/welcome': msg`Lock mining`,

  '/pages/transaction/currency': msg`Spot trading`,
  '/pages/transaction/currency_order': msg`Spot orders`,
  '/pages/transaction/contract': msg`Futures`,
  '/pages/transaction/contract_order': msg`Futures orders`,
  '/pages/transaction/seconds_order': msg`Options orders`,
  '/pages/transaction/index2': msg`Options`,

  '/pages/nft/nft': msg`NFT`,
  '/pages/nft/artistDetail': msg`Artist`,
  '/pages/nft/mine': msg`My NFT`,
  '/pages/nft/artworkDetail': msg`Artwork`,
  '/pages/nft/artworkDetail_video': msg`Artwork`,
  '/pages/nft/purchase': msg`Purchase`,
  '/pages/nft/purchase_one': msg`Purchase`,
  '/pages/nft/resell': msg`Resell`,
  '/pages/nft/myNft': msg`My collection`,
  '/pages/nft/components/artist': msg`Artists`,
  '/pages/nft/components/artwork': msg`Artworks`,
  '/pages/nft/components/search': msg`Search`,
  '/pages/nft/components/collection': msg`Collections`,

  '/pages/invest/invest': msg`Invest`,
  '/pages/invest/mine': msg`My investments`,
  '/pages/invest/purchase': msg`Purchase`,
  '/pages/invest/help': msg`Help`,

  '/pages/follow/index': msg`Follow traders`,
  '/pages/follow/trader': msg`Trader`,
  '/pages/follow/follow': msg`Follow`,
  '/pages/follow/agreement_zh': msg`Copy trading agreement`,
  '/pages/follow/agreement_en': msg`Copy trading agreement`,

  '/pages/game/game': msg`Games`,
  '/pages/kefu/index': msg`Customer service`,
  '/pages/kf/kf': msg`Customer service`,

  '/pages/mailMessage/mailMessage': msg`Messages`,
  '/pages/mailMessage/mailMessageList': msg`Messages`,
  '/pages/mailMessage/ggList': msg`Announcements`,
  '/pages/mailMessage/ggDetail': msg`Announcement`,
  '/pages/mailMessage/mailMessageDetail': msg`Message`,

  '/pages/quotation/index': msg`Quotes`,

  '/choose-location': msg`Choose location`,
  '/open-location': msg`Location`,
};
