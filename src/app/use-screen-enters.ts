import { useState } from 'preact/hooks';

let screenShown = false;

/**
 * Whether this screen slides in (styles.css `.screen--enter`): every screen does but the first one
 * the app shows. That one's content is what the page load waits for, and an entrance starting from
 * transparent would hold back its largest paint and keep the compositor drawing frames while the
 * main thread is still busy loading (bench/README.md, session 23).
 */
export function useScreenEnters(): boolean {
  const [enters] = useState(() => {
    const before = screenShown;
    screenShown = true;
    return before;
  });
  return enters;
}
