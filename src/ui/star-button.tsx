import { IconStar } from './market-icons.tsx';

/** The favourite toggle: pressed when the pair is a favourite. */
export function StarButton({ on, label, onToggle, small = false }: { on: boolean; label: string; onToggle: () => void; small?: boolean }) {
  return (
    <button type="button" class={`icon-btn star-btn${on ? ' is-on' : ''}${small ? ' icon-btn--small' : ''}`} aria-pressed={on} aria-label={label} onClick={onToggle}>
      <IconStar on={on} />
    </button>
  );
}
