import { memo } from 'preact/compat';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { MenuItem, MenuKey } from '../../../contract/api/content.ts';

interface Feature {
  label: MessageDescriptor;
  href: string;
  color: string;
  /** One 24x24 stroke path; the tile's colour tells the features apart at a glance. */
  path: string;
}

const FEATURES: Record<MenuKey, Feature> = {
  recharge: { label: msg`Deposit`, href: '#/pages/fund/select?type=recharge', color: '#1e6fff', path: 'M12 4v12M7 11l5 5 5-5M5 20h14' },
  withdraw: { label: msg`Withdraw`, href: '#/pages/fund/select?type=withdraw', color: '#7a5af8', path: 'M12 16V4M7 9l5-5 5 5M5 20h14' },
  stock: { label: msg`Stocks`, href: '#/pages/transaction/contract?category=stock', color: '#0e9f6e', path: 'M4 19V5M4 19h16M8 14l3-3 3 2 5-6' },
  futures: { label: msg`Futures`, href: '#/pages/transaction/contract', color: '#f97316', path: 'M7 4v16M4 7l3-3 3 3M17 20V4M14 17l3 3 3-3' },
  copytrade: { label: msg`Copy trading`, href: '#/pages/follow/index', color: '#ec4899', path: 'M9 11a3 3 0 100-6 3 3 0 000 6zM3 20a6 6 0 0112 0M17 11a3 3 0 000-6M21 20a6 6 0 00-4-5.7' },
  financial: { label: msg`Finance`, href: '#/pages/financial/index', color: '#14b8a6', path: 'M12 3v18M8 7h6a3 3 0 010 6H10a3 3 0 000 6h6' },
  leverage: { label: msg`Super leverage`, href: '#/pages/transaction/contract?category=lever', color: '#ef4444', path: 'M13 3L5 14h6l-1 7 8-11h-6z' },
  otc: { label: msg`OTC`, href: '#/pages/otc/otc', color: '#6366f1', path: 'M4 8h13l-3-3M20 16H7l3 3' },
  card: { label: msg`Card centre`, href: '#/pages/setting/bank', color: '#0ea5e9', path: 'M3 6h18v12H3zM3 10h18M7 15h3' },
  bill: { label: msg`Bills`, href: '#/pages/setting/bill', color: '#64748b', path: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6' },
  exchange: { label: msg`Exchange`, href: '#/pages/fund/transfer?type=exchange', color: '#22c55e', path: 'M4 9h14l-4-4M20 15H6l4 4' },
  lockming: { label: msg`Lock mining`, href: '#/pages/lockming/lockming', color: '#eab308', path: 'M6 11h12v9H6zM8 11V8a4 4 0 018 0v3' },
  game: { label: msg`Mini games`, href: '#/pages/game/game', color: '#a855f7', path: 'M6 9h12a3 3 0 013 3v2a3 3 0 01-5 2l-1-1H9l-1 1a3 3 0 01-5-2v-2a3 3 0 013-3zM8 11v3M6.5 12.5h3' },
  chat: { label: msg`Chat room`, href: '#/pages/kefu/index', color: '#06b6d4', path: 'M4 5h16v11H9l-5 4z' },
  quickbuy: { label: msg`Quick buy`, href: '#/pages/otc/otc?type=quick', color: '#f43f5e', path: 'M3 5h2l2 11h11l2-8H6M9 20h.01M17 20h.01' },
  defi: { label: msg`DeFi mining`, href: '#/pages/lockming/welcome', color: '#84cc16', path: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5' },
  cloud: { label: msg`Cloud mining`, href: '#/pages/lockming/lockming?type=cloud', color: '#3b82f6', path: 'M7 18a4 4 0 01-.5-8A6 6 0 0118 9a4.5 4.5 0 01-1 9z' },
  nft: { label: msg`NFT`, href: '#/pages/nft/nft', color: '#d946ef', path: 'M4 4h16v16H4zM4 15l5-5 4 4 3-3 4 4' },
  borrow: { label: msg`Borrow`, href: '#/pages/common/borrowing', color: '#0891b2', path: 'M12 3v10M8 9l4 4 4-4M4 15v4h16v-4' },
  repay: { label: msg`Repay`, href: '#/pages/common/borrowing?tab=repay', color: '#16a34a', path: 'M12 13V3M8 7l4-4 4 4M4 15v4h16v-4' },
};

const ALL: MenuItem[] = (Object.keys(FEATURES) as MenuKey[]).map((key) => ({ key, enabled: true }));

/** The home feature menu of section 2; /menu may switch entries off. */
export const FeatureMenu = memo(function FeatureMenu({ items }: { items: MenuItem[] | undefined }) {
  const { i18n } = useLingui();
  return (
    <nav class="feature-menu">
      {(items ?? ALL)
        .filter((item) => item.enabled && FEATURES[item.key])
        .map(({ key }) => {
          const f = FEATURES[key];
          return (
            <a key={key} class="feature-menu__item" href={f.href} data-menu={key}>
              <span class="feature-menu__icon" style={{ background: f.color }}>
                <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">
                  <path d={f.path} />
                </svg>
              </span>
              <span class="feature-menu__label">{i18n._(f.label)}</span>
            </a>
          );
        })}
    </nav>
  );
});
