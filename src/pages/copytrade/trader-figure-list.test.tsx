import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { TraderFigures } from '../../../contract/api/copytrade.ts';
import { TraderFigureList } from './trader-figure-list.tsx';

const week: TraderFigures = { days: 7, profit: '-12.5', yield: '0.1234', accuracy: '0.625', closed_trades: 8, winning_trades: 5 };

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

const field = (container: ParentNode, name: string) => container.querySelector(`[data-field="${name}"]`);

describe('TraderFigureList', () => {
  it("labels the figures with their own window and colours yield and profit by sign", () => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <TraderFigureList figures={week} />
      </I18nProvider>,
    );
    expect([...container.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['7-day yield', '7-day profit (USDT)', 'Win rate']);
    expect(field(container, 'yield')?.textContent).toBe('+12.34%');
    expect(field(container, 'yield')?.className).toContain('trend-up');
    expect(field(container, 'profit')?.textContent).toBe('-12.50');
    expect(field(container, 'profit')?.className).toContain('trend-down');
    expect(field(container, 'accuracy')?.textContent).toBe('62.50%');
  });

  it('adds the rows it is given after its own, in the same list', () => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <TraderFigureList figures={week}>
          <div>
            <dt>Extra</dt>
            <dd>1</dd>
          </div>
        </TraderFigureList>
      </I18nProvider>,
    );
    expect(container.querySelectorAll('dl')).toHaveLength(1);
    expect(container.querySelector('dl > div:last-child dt')?.textContent).toBe('Extra');
  });
});
