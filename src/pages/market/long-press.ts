import { useRef } from 'preact/hooks';

/** Held this long without moving, a press is a long press (the platforms' usual half second). */
export const LONG_PRESS_MS = 500;
const MOVE_TOLERANCE_PX = 8;

/**
 * Pointer handlers for a long press, set once on a list (delegated: rows carry no handlers of their
 * own): `onLongPress` gets the element pressed after LONG_PRESS_MS unless the finger moves (a
 * scroll) or lifts; `consumed()` tells the click that follows to do nothing. The context menu
 * (right click, or a long press on some browsers) counts too.
 */
export function useLongPress(onLongPress: (target: Element) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    clearTimeout(timer.current);
    start.current = null;
  };
  return {
    handlers: {
      onPointerDown: (e: PointerEvent) => {
        fired.current = false;
        start.current = { x: e.clientX, y: e.clientY };
        const target = e.target as Element;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          fired.current = true;
          start.current = null;
          onLongPress(target);
        }, LONG_PRESS_MS);
      },
      onPointerMove: (e: PointerEvent) => {
        const s = start.current;
        if (s && Math.abs(e.clientX - s.x) + Math.abs(e.clientY - s.y) > MOVE_TOLERANCE_PX) cancel();
      },
      onPointerUp: cancel,
      onPointerCancel: cancel,
      onPointerLeave: cancel,
      onContextMenu: (e: Event) => {
        e.preventDefault();
        cancel();
        fired.current = true;
        onLongPress(e.target as Element);
      },
    },
    /** True once after a long press: the click it ends with is swallowed. */
    consumed: () => {
      const was = fired.current;
      fired.current = false;
      return was;
    },
  };
}
