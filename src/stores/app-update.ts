import { atom } from 'nanostores';

/** Set when a new version has installed and waits; `apply` activates it and reloads. */
export const $updateReady = atom<null | { apply: () => void }>(null);
