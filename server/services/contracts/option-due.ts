import type { DueSchedule } from '../due-work/due-work.ts';

/** One due item per option, keyed by its id, due at its expiry; OptionsSettler runs it. */
export const OPTION_DUE_KIND = 'contracts.option';

/** The due item that settles option `id` at `expiresAt`; scheduled in the transaction that places it. */
export const optionDue = (id: number, expiresAt: string): DueSchedule => ({ kind: OPTION_DUE_KIND, key: String(id), dueAt: new Date(expiresAt) });
