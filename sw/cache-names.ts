/** Runtime caches, versioned by name so a change of shape starts clean. */
export const CACHE = {
  content: 'brisk-content-v1',
  market: 'brisk-market-v1',
  images: 'brisk-images-v1',
  locale: 'brisk-locale-v1',
  /** The signed-in user's own data, kept for offline reading and wiped when the session ends. */
  private: 'brisk-private-v1',
} as const;

/** Messages the page sends to the worker. */
export type PageToWorker = { type: 'SKIP_WAITING' } | { type: 'CLEAR_PRIVATE' };
