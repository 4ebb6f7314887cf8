/**
 * Frame budgeting between jobs that may wait a frame. A burst of work noted in a frame (a list
 * writing the rows a scroll brought in, a batch of quotes) sends deferrable work to a later frame
 * instead of making this one longer; a job due in the coming frame (quotes waiting for it) holds
 * that frame, so work that can wait takes the frames in between.
 */
let lastMark = -Infinity;
let holds = 0;

export function markFrameWork(now = performance.now()): void {
  lastMark = now;
}

/** Whether a burst was noted since `frameStart`, a requestAnimationFrame timestamp (the frame's start). */
export function frameHadWork(frameStart: number): boolean {
  return lastMark >= frameStart;
}

/** A job will run in the coming frame; `release` when it has. */
export function holdFrame(): void {
  holds += 1;
}

export function releaseFrame(): void {
  holds = Math.max(0, holds - 1);
}

/** Whether deferrable work should leave this frame (started at `frameStart`) to another. */
export function frameTaken(frameStart: number): boolean {
  return holds > 0 || frameHadWork(frameStart);
}
