import { useLayoutEffect, useRef } from 'preact/hooks';
import { quoteStore, type LiveQuote } from '../../stores/quotes.ts';

export interface QuoteTextProps {
  symbol: string;
  /** What is shown until the stream has a quote for the pair (the list's own figures). */
  fallback: LiveQuote;
  text: (quote: LiveQuote) => string;
  /** The element's class for a quote (a change's colour follows its sign). */
  classOf?: (quote: LiveQuote) => string;
}

/**
 * One figure of a pair's live quote, kept current by writing its own text node (and class) when
 * the pair's store changes, without rendering anything: under a flood of ticks a list row costs a
 * store listener and a text write per frame instead of a component diff. The text node written is
 * the one Preact created, so a later render of the row diffs against what it rendered and never
 * against a node it no longer holds: both always show the newest quote.
 */
export function QuoteText({ symbol, fallback, text, classOf }: QuoteTextProps) {
  const store = quoteStore(symbol);
  const el = useRef<HTMLSpanElement>(null);
  const latest = useRef({ fallback, text, classOf });
  latest.current = { fallback, text, classOf };
  useLayoutEffect(
    () =>
      store.listen((quote) => {
        const node = el.current;
        if (!node) return;
        const { fallback: shown, text: textOf, classOf: classFor } = latest.current;
        const value = quote ?? shown;
        const next = textOf(value);
        const textNode = node.firstChild;
        if (textNode instanceof Text) {
          if (textNode.data !== next) textNode.data = next;
        } else node.textContent = next;
        if (classFor) {
          const cls = classFor(value);
          if (node.className !== cls) node.className = cls;
        }
      }),
    [store],
  );
  // `.value`, not `.get()`: reading must not count as watching the pair (stores/quotes.ts).
  const value = store.value ?? fallback;
  return (
    <span ref={el} class={classOf?.(value)}>
      {text(value)}
    </span>
  );
}
