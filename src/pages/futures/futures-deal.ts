import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { FuturesDeal } from '../../../contract/api/contracts.ts';
import { fetchDeal, type PreviewQuery } from '../../api/futures.ts';
import { useOnline } from '../../ui/use-online.ts';

/** Typing waits this long before the preview is asked for, so a burst of keys costs one request. */
export const PREVIEW_DEBOUNCE_MS = 300;

export interface DealView {
  /** Terms, balance and (when the form is complete) the preview; null until the first answer. */
  deal: FuturesDeal | null;
  /** The first load failed (nothing to show). */
  failed: boolean;
  /** It failed while the device was offline (it loads again when the network is back). */
  offline: boolean;
  /** A preview for the current form is on its way. */
  previewing: boolean;
  reload: () => void;
}

/**
 * /lever/deal for the order screen: the symbol's terms and the user's balance at once, then a
 * preview (margin, fee, liquidation price, affordable) whenever the completed form changes, debounced
 * and with the older request aborted, so an answer for an older form never shows.
 */
export function useLeverDeal(symbol: string, preview: PreviewQuery | null): DealView {
  const [deal, setDeal] = useState<FuturesDeal | null>(null);
  const [failed, setFailed] = useState(false);
  const [offline, setOffline] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [nonce, setNonce] = useState(0);
  const inflight = useRef<AbortController | null>(null);
  const key = preview ? `${preview.type}|${preview.multiple}|${preview.lots}|${preview.target_price}` : '';

  const load = (query: PreviewQuery | undefined) => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    setPreviewing(query !== undefined);
    fetchDeal(symbol, query, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setDeal(answer);
        setFailed(false);
        setPreviewing(false);
      },
      () => {
        if (controller.signal.aborted) return;
        setPreviewing(false);
        // A refused preview (the server's rules differ from the form's) keeps the terms, without a preview.
        setDeal((prev) => (prev ? { ...prev, preview: null } : prev));
        if (query === undefined) {
          setFailed(true);
          setOffline(!navigator.onLine);
        }
      },
    );
  };

  useEffect(() => {
    setDeal(null);
    setFailed(false);
    load(undefined);
    return () => inflight.current?.abort();
  }, [symbol, nonce]);

  useEffect(() => {
    if (!preview) {
      setDeal((prev) => (prev && prev.preview ? { ...prev, preview: null } : prev));
      return;
    }
    setPreviewing(true);
    const timer = setTimeout(() => load(preview), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [symbol, key]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  // Back online, a form that could not load its terms (offline, say) loads them.
  useOnline(() => failed && reload());
  return { deal, failed, offline, previewing, reload };
}
