import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComponentChildren } from 'preact';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { StepperField } from './stepper-field.tsx';
import { TextField } from './text-field.tsx';

afterEach(cleanup);

/** The page in `locale`, as the app activates its catalog. */
function inLocale(locale: string, children: ComponentChildren) {
  i18n.loadAndActivate({ locale, messages: {} });
  return render(<I18nProvider i18n={i18n}>{children}</I18nProvider>);
}

describe('decimal inputs in the page language', () => {
  it('show a filled-in amount with the French decimal mark and hand back what is typed as plain decimals', () => {
    const onInput = vi.fn();
    inLocale('fra', <StepperField label="Quantité" value="0.0042" onInput={onInput} onStep={() => undefined} decreaseLabel="moins" increaseLabel="plus" />);
    const box = screen.getByLabelText<HTMLInputElement>('Quantité');
    expect(box.value).toBe('0,0042');
    fireEvent.input(box, { target: { value: '0,25' } });
    expect(onInput).toHaveBeenLastCalledWith('0.25');
  });

  it('leave English as typed, and text fields that are not decimal untouched', () => {
    const onAmount = vi.fn();
    const onName = vi.fn();
    inLocale('en', <TextField label="Amount" inputMode="decimal" value="1.5" onInput={onAmount} />);
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('1.5');
    cleanup();
    inLocale(
      'spa',
      <>
        <TextField label="Importe" inputMode="decimal" value="1.5" onInput={onAmount} />
        <TextField label="Nombre" value="a.b,c" onInput={onName} />
      </>,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Importe').value).toBe('1,5');
    expect(screen.getByLabelText<HTMLInputElement>('Nombre').value).toBe('a.b,c');
    fireEvent.input(screen.getByLabelText('Nombre'), { target: { value: 'x,y' } });
    expect(onName).toHaveBeenLastCalledWith('x,y');
  });
});
