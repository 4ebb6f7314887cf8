import { atom, onMount } from 'nanostores';

/** Whether the device believes it is online; the offline banner and write guard read it. */
export const $online = atom(typeof navigator === 'undefined' ? true : navigator.onLine);
onMount($online, () => {
  const update = () => $online.set(navigator.onLine);
  addEventListener('online', update);
  addEventListener('offline', update);
  update();
  return () => {
    removeEventListener('online', update);
    removeEventListener('offline', update);
  };
});
