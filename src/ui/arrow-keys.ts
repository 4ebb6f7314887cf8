const ITEM = '[role="radio"],[role="tab"]';
const GROUP = '[role="radiogroup"],[role="tablist"]';
const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Arrow keys (and Home, End) move between the choices of a radio group or a tab list, as screen
 * reader and keyboard users expect of those roles. In the app's small groups (buy or sell, limit or
 * market, a record's tabs) the choice follows, as the ARIA pattern has it; in a long list whose pick
 * leaves the screen (a country, a fiat currency) only the focus moves, and Space or Enter picks.
 * One listener on the document serves every group.
 */
export function moveInGroup(e: KeyboardEvent): void {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const item = e.target instanceof Element ? e.target.closest<HTMLElement>(ITEM) : null;
  const group = item?.closest(GROUP);
  if (!item || !group) return;
  const items = [...group.querySelectorAll<HTMLElement>(ITEM)].filter((el) => el.closest(GROUP) === group && !el.hasAttribute('disabled'));
  const at = items.indexOf(item);
  const to = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : e.key in STEP ? (at + (STEP[e.key] ?? 0) + items.length) % items.length : -1;
  const next = items[to];
  if (!next || to === at) return;
  e.preventDefault();
  next.focus();
  if (!group.classList.contains('list')) next.click();
}
