import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { applyQuoteBatch, quoteOf } from '../../stores/quotes.ts';
import type { LiveQuote } from '../../stores/quotes.ts';
import { QuoteText } from './quote-text.tsx';

const quote = (last: string, change_pct = '0.00'): LiveQuote => ({
  last,
  change_pct,
  high_24h: last,
  low_24h: last,
  volume_24h: '1',
  quote_volume_24h: '1',
});
const tick = (symbol: string, last: string, change_pct?: string) => act(() => applyQuoteBatch([{ symbol, ...quote(last, change_pct) }]));
const tone = (q: LiveQuote) => (q.change_pct.startsWith('-') ? 'down' : 'up');

let host: HTMLElement;
afterEach(() => {
  render(null, host);
  host.remove();
});
function mount(symbol: string, prefix = '') {
  host = document.createElement('div');
  document.body.append(host);
  const view = (p: string) => (
    <QuoteText
      symbol={symbol}
      fallback={quote('1.00')}
      text={(q) => p + q.last}
      classOf={tone}
    />
  );
  act(() => render(view(prefix), host));
  return { span: host.querySelector('span')!, rerender: (p: string) => act(() => render(view(p), host)) };
}

describe('QuoteText', () => {
  it('shows the fallback until the pair has a quote, then follows its ticks in place', () => {
    const { span } = mount('QT1/USDT');
    expect(span.textContent).toBe('1.00');
    expect(span.className).toBe('up');
    const textNode = span.firstChild;
    tick('QT1/USDT', '2.50', '-1.00');
    expect(span.textContent).toBe('2.50');
    expect(span.className).toBe('down');
    expect(span.firstChild).toBe(textNode);
  });

  it('ignores the ticks of other pairs', () => {
    const { span } = mount('QT2/USDT');
    tick('QT3/USDT', '9.99');
    expect(span.textContent).toBe('1.00');
  });

  it('a render after some ticks shows the newest quote, not what it last rendered', () => {
    const { span, rerender } = mount('QT4/USDT');
    tick('QT4/USDT', '3.00');
    tick('QT4/USDT', '1.00');
    rerender('');
    expect(span.textContent).toBe('1.00');
    rerender('$');
    expect(span.textContent).toBe('$1.00');
    tick('QT4/USDT', '4.00');
    expect(span.textContent).toBe('$4.00');
  });

  it('watches the pair only while it is shown', () => {
    const { span } = mount('QT5/USDT');
    render(null, host);
    tick('QT5/USDT', '7.00');
    expect(quoteOf('QT5/USDT')?.last).toBe('7.00');
    expect(span.textContent).toBe('1.00');
  });
});
