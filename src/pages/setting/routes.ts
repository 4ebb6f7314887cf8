import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';

/** Settings, the profile and the security screens. */
export const SETTING_ROUTES: RouteManifest = [
  { path: '/pages/setting/setting', title: msg`Settings`, screen: screen(() => import('./setting-page.tsx'), 'SettingPage') },
  { path: '/pages/setting/userInfo', protected: true, title: msg`Profile`, screen: screen(() => import('./user-info-page.tsx'), 'UserInfoPage') },
  { path: '/pages/setting/security', protected: true, title: msg`Security`, screen: screen(() => import('./security-page.tsx'), 'SecurityPage') },
  { path: '/pages/setting/password', protected: true, title: msg({ message: 'Login password', context: 'page title' }), screen: screen(() => import('./password-page.tsx'), 'PasswordPage') },
  { path: '/pages/setting/payPassword', protected: true, title: msg`Payment password`, screen: screen(() => import('./pay-password-page.tsx'), 'PayPasswordPage') },
  { path: '/pages/setting/coupon', protected: true, title: msg`Coupon centre`, screen: screen(() => import('./coupon-page.tsx'), 'CouponPage') },
  { path: '/pages/setting/wallet', protected: true, title: msg`Address book`, screen: screen(() => import('./wallet-page.tsx'), 'WalletPage') },
  { path: '/pages/setting/addWallet', protected: true, title: msg`Add address`, screen: screen(() => import('./add-wallet-page.tsx'), 'AddWalletPage') },
  { path: '/pages/setting/bill', protected: true, title: msg`Bills`, screen: screen(() => import('./bill-page.tsx'), 'BillPage') },
  { path: '/pages/setting/real', protected: true, title: msg`Identity verification`, screen: screen(() => import('./real-page.tsx'), 'RealPage') },
  { path: '/pages/setting/real_mark', protected: true, title: msg`Identity verification`, screen: screen(() => import('./real-mark-page.tsx'), 'RealMarkPage') },
  { path: '/pages/setting/areas', title: msg`Country or region`, screen: screen(() => import('./areas-page.tsx'), 'AreasPage') },
  { path: '/pages/setting/bank', protected: true, title: msg`Bank card`, screen: screen(() => import('./bank-page.tsx'), 'BankPage') },
  { path: '/pages/setting/bank_international', protected: true, title: msg`International bank card`, screen: screen(() => import('./bank-page.tsx'), 'BankInternationalPage') },
];
