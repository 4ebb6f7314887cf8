import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { $lang } from '../stores/lang.ts';
import { StepperField } from './stepper-field.tsx';
import { TextField } from './text-field.tsx';

afterEach(() => {
  cleanup();
  $lang.set('en');
});

describe('decimal inputs in the page language', () => {
  it('show a filled-in amount with the French decimal mark and hand back what is typed as plain decimals', () => {
    $lang.set('fra');
    const onInput = vi.fn();
    render(<StepperField label="Quantité" value="0.0042" onInput={onInput} onStep={() => undefined} decreaseLabel="moins" increaseLabel="plus" />);
    const box = screen.getByLabelText<HTMLInputElement>('Quantité');
    expect(box.value).toBe('0,0042');
    fireEvent.input(box, { target: { value: '0,25' } });
    expect(onInput).toHaveBeenLastCalledWith('0.25');
  });

  it('leave English as typed, and text fields that are not decimal untouched', () => {
    const onAmount = vi.fn();
    const onName = vi.fn();
    render(
      <>
        <TextField label="Amount" inputMode="decimal" value="1.5" onInput={onAmount} />
        <TextField label="Name" value="a.b,c" onInput={onName} />
      </>,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('1.5');
    $lang.set('spa');
    cleanup();
    render(
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
