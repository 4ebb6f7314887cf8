import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * Whether the device is online, as its online and offline events say; `onBack` (as of the latest
 * render) runs each time the network comes back, for what failed or was read from an offline copy.
 */
export function useOnline(onBack?: () => void): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  const latest = useRef(onBack);
  latest.current = onBack;
  useEffect(() => {
    const back = () => {
      setOnline(true);
      latest.current?.();
    };
    const gone = () => setOnline(false);
    addEventListener('online', back);
    addEventListener('offline', gone);
    return () => {
      removeEventListener('online', back);
      removeEventListener('offline', gone);
    };
  }, []);
  return online;
}
