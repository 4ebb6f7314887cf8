import { atom, computed, onMount } from 'nanostores';
import { persistentAtom } from './persistent.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';
const isChoice = (v: string): v is ThemeChoice => v === 'system' || v === 'light' || v === 'dark';

/** What the user picked; 'system' follows prefers-color-scheme. */
export const $themeChoice = persistentAtom<ThemeChoice>('theme', 'system', isChoice);

const $systemDark = atom(false);
onMount($systemDark, () => {
  const query = matchMedia('(prefers-color-scheme: dark)');
  const update = () => $systemDark.set(query.matches);
  update();
  query.addEventListener('change', update);
  return () => query.removeEventListener('change', update);
});

export const $theme = computed([$themeChoice, $systemDark], (choice, systemDark) =>
  choice === 'system' ? (systemDark ? 'dark' : 'light') : choice,
);
