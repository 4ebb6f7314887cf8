/** Runtime caches, versioned by name so a change of shape starts clean. */
export const CACHE = {
  content: 'brisk-content-v1',
  market: 'brisk-market-v1',
  images: 'brisk-images-v1',
  locale: 'brisk-locale-v1',
  /** Built files left out of the precache (the chart), kept once a screen has loaded them. */
  assets: 'brisk-assets-v1',
  /**
   * The signed-in user's own data, kept for offline reading and wiped when the session ends. The
   * page also deletes every cache named `brisk-private-*` itself (src/app/private-data.ts), so
   * keep that prefix when the version changes.
   */
  private: 'brisk-private-v1',
} as const;

/**
 * Messages the page sends to the worker. CLEAR_PRIVATE is answered on the message's port (when it
 * has one) with `{ type: 'PRIVATE_CLEARED' }` once the cache is gone.
 */
export type PageToWorker = { type: 'SKIP_WAITING' } | { type: 'CLEAR_PRIVATE' };
