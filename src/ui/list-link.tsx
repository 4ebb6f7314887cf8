import type { ComponentChildren } from 'preact';
import { IconChevron } from './icons.tsx';

/** A row of a settings-style list that opens another screen. */
export function ListLink({ href, label, value, icon }: { href: string; label: string; value?: ComponentChildren; icon?: ComponentChildren }) {
  return (
    <a class="list__item" href={href}>
      {icon}
      <span class="list__label">{label}</span>
      {value !== undefined && <span class="list__value">{value}</span>}
      <IconChevron />
    </a>
  );
}
