import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';

/** The account entry screens, articles and the static text pages (operational compliance is one of them). */
export const COMMON_ROUTES: RouteManifest = [
  { path: '/pages/common/login', title: msg`Log in`, screen: screen(() => import('./login-page.tsx'), 'LoginPage') },
  { path: '/pages/common/register', title: msg`Sign up`, screen: screen(() => import('./register-page.tsx'), 'RegisterPage') },
  { path: '/pages/common/forget', title: msg({ message: 'Reset password', context: 'page title' }), screen: screen(() => import('./forget-page.tsx'), 'ForgetPage') },
  { path: '/pages/common/area', title: msg`Country or region`, screen: screen(() => import('./area-page.tsx'), 'AreaPage') },
  { path: '/pages/common/article', title: msg`Article`, screen: screen(() => import('./article-page.tsx'), 'ArticlePage') },
  { path: '/pages/common/webView', noNavBar: true, title: msg`Web page`, screen: screen(() => import('./web-view-page.tsx'), 'WebViewPage') },
  { path: '/pages/common/faq', title: msg`FAQ`, screen: screen(() => import('./faq-page.tsx'), 'FaqPage') },
  { path: '/pages/common/contactus', title: msg`Contact us`, screen: screen(() => import('./text-pages.tsx'), 'ContactUsPage') },
  { path: '/pages/common/aboutus', title: msg`About us`, screen: screen(() => import('./text-pages.tsx'), 'AboutUsPage') },
  { path: '/pages/setting/operational_compliance', title: msg`Operational compliance`, screen: screen(() => import('./text-pages.tsx'), 'CompliancePage') },
];
