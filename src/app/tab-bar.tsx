import { useLingui } from '@lingui/react';
import type { ComponentType } from 'preact';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { hrefOf } from '../lib/hash-route.ts';
import { IconAssets, IconFinance, IconHome, IconMarket, IconTrade } from '../ui/icons.tsx';

/**
 * The five tabs of section 2, in their order: the routes their page folders' manifests mark `tab`
 * (routes.test.ts holds the two lists together). Listed here, in the boot chunk, because the home
 * tab draws the bar before the route table has loaded.
 */
export const TABS: readonly { path: string; title: MessageDescriptor; Icon: ComponentType }[] = [
  { path: '/', title: msg`Home`, Icon: IconHome },
  { path: '/pages/market/market', title: msg`Market`, Icon: IconMarket },
  { path: '/pages/transaction/index', title: msg`Trade`, Icon: IconTrade },
  { path: '/pages/financial/index', title: msg`Finance`, Icon: IconFinance },
  { path: '/pages/fund/assets', title: msg`Assets`, Icon: IconAssets },
];

/** The five tabs of section 2, grey when inactive and blue when active. */
export function TabBar({ active }: { active: string }) {
  const { i18n } = useLingui();
  return (
    <nav class="tabbar" aria-label={i18n._(msg`Main navigation`)}>
      {TABS.map(({ path, title, Icon }) => {
        const current = path === active;
        return (
          <a key={path} href={hrefOf(path)} class={current ? 'tabbar__item is-active' : 'tabbar__item'} aria-current={current ? 'page' : undefined}>
            <Icon />
            <span>{i18n._(title)}</span>
          </a>
        );
      })}
    </nav>
  );
}
