import { atom } from 'nanostores';
import { onSessionEnd } from './session.ts';

/** The two bank card forms of the settings pages. */
export type BankFormKind = 'bank' | 'bank_international';

/**
 * What the user has typed into a bank card form, kept in memory while the region picker
 * (/pages/setting/areas) is open, so coming back does not lose it. Cleared once the card is saved.
 */
export const $bankDrafts = atom<Partial<Record<BankFormKind, Record<string, string>>>>({});

export function setBankDraftField(kind: BankFormKind, field: string, value: string): void {
  const drafts = $bankDrafts.get();
  $bankDrafts.set({ ...drafts, [kind]: { ...drafts[kind], [field]: value } });
}

export function clearBankDraft(kind: BankFormKind): void {
  const drafts = { ...$bankDrafts.get() };
  delete drafts[kind];
  $bankDrafts.set(drafts);
}

// A draft holds personal data: it goes with the session.
onSessionEnd(() => $bankDrafts.set({}));
