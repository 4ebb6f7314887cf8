/** A catalog part (scripts/vite/catalog-parts.ts), for the one src/app/i18n.ts imports statically. */
declare module '*?part=start' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
