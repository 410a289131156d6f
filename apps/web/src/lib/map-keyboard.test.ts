/** The maps' keyboard (issue 24): arrows pan at once, + and - zoom, Enter and Space place; only on the map itself. */
import { expect, test } from 'vitest';
import { mapKeyboard, type KeyboardMap } from './map-keyboard.ts';

function fakeMap() {
  const container = document.createElement('div');
  const button = document.createElement('a');
  container.append(button);
  document.body.append(container);
  const calls: string[] = [];
  const map: KeyboardMap = {
    getContainer: () => container,
    panBy: (offset, options) => calls.push(`pan ${offset.join(',')} animate=${options.animate}`),
    zoomIn: () => calls.push('zoomIn'),
    zoomOut: () => calls.push('zoomOut'),
  };
  return { container, button, calls, map };
}

const press = (el: HTMLElement, key: string, init: KeyboardEventInit = {}) => {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  el.dispatchEvent(e);
  return e.defaultPrevented;
};

test('the map is a tab stop; arrows pan 80 px without animation, + and - zoom, Enter and Space place', () => {
  const { container, calls, map } = fakeMap();
  const placed: number[] = [];
  mapKeyboard(map, () => placed.push(1));
  expect(container.tabIndex).toBe(0);
  for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', '+', '-']) {
    expect(press(container, key)).toBe(true);
  }
  expect(calls).toEqual([
    'pan 0,-80 animate=false',
    'pan 0,80 animate=false',
    'pan -80,0 animate=false',
    'pan 80,0 animate=false',
    'zoomIn',
    'zoomOut',
  ]);
  expect(press(container, 'Enter')).toBe(true);
  expect(press(container, ' ')).toBe(true);
  expect(placed).toHaveLength(2);
  // Other keys stay the browser's (Tab leaves the map).
  expect(press(container, 'Tab')).toBe(false);
});

test('keys on a control inside the map, or with a modifier, are left alone; the clean-up removes it', () => {
  const { container, button, calls, map } = fakeMap();
  const placed: number[] = [];
  const off = mapKeyboard(map, () => placed.push(1));
  expect(press(button, 'Enter')).toBe(false);
  expect(press(container, 'ArrowUp', { ctrlKey: true })).toBe(false);
  off();
  expect(press(container, 'Enter')).toBe(false);
  expect(calls).toEqual([]);
  expect(placed).toEqual([]);
});
