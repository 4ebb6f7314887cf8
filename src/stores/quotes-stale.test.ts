import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $quotesStale, quotesResynced, quotesStopped, quotesWritten } from './quotes-stale.ts';

describe('quotes-stale', () => {
  beforeEach(() => {
    // Live again from any state: a resync whose batch is written.
    quotesResynced();
    quotesWritten();
  });

  it('starts live: quotes from the list are as fresh as the page', async () => {
    vi.resetModules();
    const fresh = await import('./quotes-stale.ts');
    expect(fresh.$quotesStale.get()).toBe(false);
  });

  it('is stale from a stop until the batch carrying the snapshot is written, not when it arrives', () => {
    quotesStopped();
    expect($quotesStale.get()).toBe(true);
    // Batches written before the snapshot's (old ones still in the frame queue) change nothing.
    quotesWritten();
    expect($quotesStale.get()).toBe(true);
    quotesResynced();
    expect($quotesStale.get()).toBe(true);
    quotesWritten();
    expect($quotesStale.get()).toBe(false);
  });

  it('a stop between the snapshot batch arriving and its frame wins: the next snapshot is awaited', () => {
    quotesStopped();
    quotesResynced();
    quotesStopped();
    quotesWritten();
    expect($quotesStale.get()).toBe(true);
    quotesResynced();
    quotesWritten();
    expect($quotesStale.get()).toBe(false);
  });
});
