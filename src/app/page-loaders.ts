import type { ComponentType } from 'preact';

type PageModule = Promise<{ default: ComponentType }>;
export type PageLoader = () => PageModule;

const pick =
  <M>(load: () => Promise<M>, name: keyof M): PageLoader =>
  () =>
    load().then((m) => ({ default: m[name] as ComponentType }));

/** Screens that exist now. Every other route of route-paths.ts opens the under-development screen. */
export const PAGE_LOADERS: Record<string, PageLoader> = {
  '/': pick(() => import('../pages/index/home-page.tsx'), 'HomePage'),
  '/pages/index/index': pick(() => import('../pages/index/home-page.tsx'), 'HomePage'),
  '/pages/common/login': pick(() => import('../pages/common/login-page.tsx'), 'LoginPage'),
  '/pages/common/register': pick(() => import('../pages/common/register-page.tsx'), 'RegisterPage'),
  '/pages/common/forget': pick(() => import('../pages/common/forget-page.tsx'), 'ForgetPage'),
  '/pages/common/area': pick(() => import('../pages/common/area-page.tsx'), 'AreaPage'),
  '/pages/common/article': pick(() => import('../pages/common/article-page.tsx'), 'ArticlePage'),
  '/pages/common/webView': pick(() => import('../pages/common/web-view-page.tsx'), 'WebViewPage'),
  '/pages/common/faq': pick(() => import('../pages/common/faq-page.tsx'), 'FaqPage'),
  '/pages/common/contactus': pick(() => import('../pages/common/text-pages.tsx'), 'ContactUsPage'),
  '/pages/common/aboutus': pick(() => import('../pages/common/text-pages.tsx'), 'AboutUsPage'),
  '/pages/setting/operational_compliance': pick(() => import('../pages/common/text-pages.tsx'), 'CompliancePage'),
  '/pages/setting/setting': pick(() => import('../pages/setting/setting-page.tsx'), 'SettingPage'),
  '/pages/setting/userInfo': pick(() => import('../pages/setting/user-info-page.tsx'), 'UserInfoPage'),
  '/pages/setting/security': pick(() => import('../pages/setting/security-page.tsx'), 'SecurityPage'),
  '/pages/setting/password': pick(() => import('../pages/setting/password-page.tsx'), 'PasswordPage'),
};

export const underDevelopment: PageLoader = pick(() => import('../ui/under-development.tsx'), 'UnderDevelopment');
