import { afterEach, describe, expect, it } from 'vitest';
import { moveInGroup } from './arrow-keys.ts';

const clicked: string[] = [];

function group(html: string): HTMLElement {
  document.body.innerHTML = html;
  for (const button of document.querySelectorAll('button')) button.addEventListener('click', () => clicked.push(button.id));
  return document.body;
}

function press(key: string, on: string, init: KeyboardEventInit = {}): boolean {
  const target = document.getElementById(on)!;
  target.focus();
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

document.addEventListener('keydown', moveInGroup);
afterEach(() => {
  clicked.length = 0;
  document.body.innerHTML = '';
});

describe('arrow keys in radio groups and tab lists', () => {
  it('move to the next or previous choice, wrapping, and choose it', () => {
    group('<div role="radiogroup"><button id="a" role="radio"></button><button id="b" role="radio"></button><button id="c" role="radio"></button></div>');
    expect(press('ArrowRight', 'a')).toBe(true);
    expect(document.activeElement?.id).toBe('b');
    press('ArrowLeft', 'a');
    expect(document.activeElement?.id).toBe('c');
    press('End', 'a');
    press('Home', 'c');
    expect(clicked).toEqual(['b', 'c', 'c', 'a']);
  });

  it('skip disabled choices and leave nested groups to themselves', () => {
    group('<div role="tablist"><button id="a" role="tab"></button><button id="x" role="tab" disabled></button><div role="radiogroup"><button id="n" role="radio"></button></div><button id="b" role="tab"></button></div>');
    press('ArrowDown', 'a');
    expect(document.activeElement?.id).toBe('b');
    expect(clicked).toEqual(['b']);
  });

  it('in a long list only move the focus', () => {
    group('<div role="radiogroup" class="list"><button id="a" role="radio"></button><button id="b" role="radio"></button></div>');
    press('ArrowDown', 'a');
    expect(document.activeElement?.id).toBe('b');
    expect(clicked).toEqual([]);
  });

  it('leave other keys, modified arrows and controls outside groups alone', () => {
    group('<div role="radiogroup"><button id="a" role="radio"></button><button id="b" role="radio"></button></div><button id="free"></button>');
    expect(press('Tab', 'a')).toBe(false);
    expect(press('ArrowRight', 'a', { altKey: true })).toBe(false);
    expect(press('ArrowRight', 'free')).toBe(false);
    expect(clicked).toEqual([]);
  });
});
