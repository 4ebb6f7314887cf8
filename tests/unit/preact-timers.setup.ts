import { afterAll } from 'vitest';

// Preact runs effects after the next frame, with a 100 ms timer as the fallback, and that timer
// calls cancelAnimationFrame. A test file that ends sooner than that would have the timer fire after
// jsdom's globals are gone ("cancelAnimationFrame is not defined", an unhandled error that fails the
// run; seen once in CI). Each file waits for it before its environment is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));
