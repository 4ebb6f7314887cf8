import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';
import { IconClose } from './icons.tsx';

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog. Escape, the close button and the backdrop close it. Focus moves into it when it
 * opens (onto the dialog itself, so a phone's keyboard does not jump up), Tab stays inside it, and
 * focus returns to whatever opened it: a keyboard or screen-reader user never lands behind it.
 */
export function Dialog({ title, children, onClose }: { title: string; children: ComponentChildren; onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [onClose]);
  useEffect(() => {
    const opener = document.activeElement;
    box.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  const keepFocusInside = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !box.current) return;
    const items = box.current.querySelectorAll<HTMLElement>(FOCUSABLE);
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (!first || !last) e.preventDefault();
    else if (e.shiftKey && (active === first || active === box.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div class="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} class="dialog" role="dialog" aria-modal="true" aria-labelledby={id} tabIndex={-1} onKeyDown={keepFocusInside}>
        <div class="dialog__head">
          <h2 id={id}>{title}</h2>
          <button type="button" class="icon-btn dialog__close" aria-label={t({ message: 'Close', context: 'dialog' })} onClick={onClose}>
            <IconClose width="20" height="20" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
