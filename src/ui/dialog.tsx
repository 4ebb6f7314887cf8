import type { ComponentChildren } from 'preact';
import { useEffect, useId } from 'preact/hooks';

/** A modal dialog; Escape and the backdrop close it. */
export function Dialog({ title, children, onClose }: { title: string; children: ComponentChildren; onClose: () => void }) {
  const id = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div class="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
