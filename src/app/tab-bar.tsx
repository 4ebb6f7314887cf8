import { useLingui } from '@lingui/react';
import type { ComponentType } from 'preact';
import { msg } from '@lingui/core/macro';
import { TAB_ROUTES } from './routes.ts';
import { hrefOf } from '../lib/hash-route.ts';
import { IconAssets, IconFinance, IconHome, IconMarket, IconTrade } from '../ui/icons.tsx';

const TAB_ICONS: Record<string, ComponentType> = {
  '/': IconHome,
  '/pages/market/market': IconMarket,
  '/pages/transaction/index': IconTrade,
  '/pages/financial/index': IconFinance,
  '/pages/fund/assets': IconAssets,
};

/** The five tabs of section 2, grey when inactive and blue when active. */
export function TabBar({ active }: { active: string }) {
  const { i18n } = useLingui();
  return (
    <nav class="tabbar" aria-label={i18n._(msg`Main navigation`)}>
      {TAB_ROUTES.map((route) => {
        const Icon = TAB_ICONS[route.path] ?? IconHome;
        const current = route.path === active;
        return (
          <a key={route.path} href={hrefOf(route.path)} class={current ? 'tabbar__item is-active' : 'tabbar__item'} aria-current={current ? 'page' : undefined}>
            <Icon />
            <span>{i18n._(route.title)}</span>
          </a>
        );
      })}
    </nav>
  );
}
