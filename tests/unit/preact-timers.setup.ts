import { afterAll } from 'vitest';
import { cleanStores } from 'nanostores';
import { $online } from '../../src/stores/network.ts';

// Preact runs effects after the next frame, with a 100 ms timer as the fallback, and that timer
// calls cancelAnimationFrame. A test file that ends sooner than that would have the timer fire after
// jsdom's globals are gone ("cancelAnimationFrame is not defined", an unhandled error that fails the
// run; seen once in CI). Each file waits for it before its environment is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));

// nanostores unmounts a store a second after its last listener leaves, and $online's unmount removes
// window listeners: a file that rendered a screen reading it would have that run after jsdom's
// globals are gone ("removeEventListener is not defined"; seen once in CI, after the exchange form
// started reading it). Cleaned at once instead, before the environment goes.
afterAll(() => cleanStores($online));
