import type { ComponentChildren } from 'preact';

/** A list with nothing in it says so, and may offer the next step. */
export function EmptyState({ text, children }: { text: string; children?: ComponentChildren }) {
  return (
    <div class="empty-state empty-state--compact">
      <svg viewBox="0 0 24 24" width="48" height="48" fill="none" stroke="currentColor" stroke-width="1.4" aria-hidden="true">
        <path d="M4 7l2-3h12l2 3v12a1 1 0 01-1 1H5a1 1 0 01-1-1zM4 7h16M9 11h6" />
      </svg>
      <p>{text}</p>
      {children}
    </div>
  );
}
