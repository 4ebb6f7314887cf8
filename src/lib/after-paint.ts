/**
 * Runs `task` once the page has put a frame on screen: in a task of its own after that frame, so
 * none of it delays the paint. A page opened hidden paints no frame, so it runs once shown.
 */
export function afterPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}
