/**
 * One call's abort signal: it fires after `ms`, or when the caller's own signal does (so once the
 * caller's has not, an aborted one means the time ran out). Unlike ky's `timeout`, which stops
 * counting once the response headers are in, it lasts until `done`, after the body has been read:
 * a body that stalls halfway ends too, instead of leaving a screen loading or a button busy for good.
 */
export function deadline(ms: number, caller?: AbortSignal): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const forward = () => controller.abort(caller?.reason);
  if (caller?.aborted) forward();
  else caller?.addEventListener('abort', forward);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', forward);
    },
  };
}
