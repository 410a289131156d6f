import { describe, expect, it } from 'vitest';
import { boardCommand } from './board-keys.ts';

const press = (key: string, extra: Partial<Parameters<typeof boardCommand>[0]> = {}) =>
  boardCommand({ key, ctrlKey: false, altKey: false, metaKey: false, target: null, ...extra });

describe('board shortcuts', () => {
  it.each([
    ['a', 'accept'],
    ['A', 'accept'],
    ['n', 'advance'],
    ['j', 'next'],
    ['ArrowDown', 'next'],
    ['k', 'previous'],
    ['ArrowUp', 'previous'],
    ['?', 'help'],
    ['x', null],
    ['Enter', null],
  ] as const)('%s means %s', (key, command) => {
    expect(press(key)).toBe(command);
  });

  it('is no shortcut with a modifier or while typing', () => {
    expect(press('a', { ctrlKey: true })).toBeNull();
    expect(press('n', { metaKey: true })).toBeNull();
    const textarea = document.createElement('textarea');
    expect(press('n', { target: textarea })).toBeNull();
    const input = document.createElement('input');
    expect(press('a', { target: input })).toBeNull();
    expect(press('a', { target: document.createElement('article') })).toBe('accept');
  });
});
