import { atom } from 'nanostores';
import { onSessionEnd } from './session.ts';

/** The signed-in user's favourite pairs; null until loaded (or when signed out). */
export const $favourites = atom<ReadonlySet<string> | null>(null);
onSessionEnd(() => $favourites.set(null));
