import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * Renders `children` in a task of their own, after the frame that shows the rest of the screen, and
 * `placeholder` (which should hold their height) until then. For sections below the fold: the
 * screen's first render is then one shorter task, so the first content shows sooner and a tap on
 * a slow phone is not kept waiting behind work nobody can see yet.
 */
export function AfterPaint({ children, placeholder = null }: { children: ComponentChildren; placeholder?: ComponentChildren }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setReady(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return <>{ready ? children : placeholder}</>;
}
