import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { LOCK_CATEGORIES, type LockCategory, type LockOrderState } from '../../../contract/api/lockming.ts';

/** The home menu's three entries, each a category of products. */
export const CATEGORY_LABELS: Record<LockCategory, MessageDescriptor> = {
  lock: msg`Lock mining`,
  defi: msg`DeFi mining`,
  cloud: msg`Cloud mining`,
};

export const ORDER_STATES: Record<LockOrderState, MessageDescriptor> = {
  locked: msg`In progress`,
  matured: msg`Matured`,
  redeemed: msg`Redeemed early`,
};

/** The category a query names (`?type=cloud`), or the default. */
export function categoryOf(raw: string | null, fallback: LockCategory = 'lock'): LockCategory {
  return (LOCK_CATEGORIES as readonly string[]).includes(raw ?? '') ? (raw as LockCategory) : fallback;
}
