/**
 * The board's keyboard shortcuts (issue 21 #4): which command a key press means. Typing in a field, or a press
 * with Ctrl / Alt / Meta, is never a shortcut.
 */
export type BoardCommand = 'next' | 'previous' | 'accept' | 'advance' | 'help';

export const BOARD_SHORTCUTS: readonly { keys: readonly string[]; command: BoardCommand }[] = [
  { keys: ['j', 'ArrowDown'], command: 'next' },
  { keys: ['k', 'ArrowUp'], command: 'previous' },
  { keys: ['a'], command: 'accept' },
  { keys: ['n'], command: 'advance' },
  { keys: ['?'], command: 'help' },
];

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

export function boardCommand(e: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}): BoardCommand | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const el = e.target as HTMLElement | null;
  if (el && (TYPING.has(el.tagName) || el.isContentEditable)) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  return BOARD_SHORTCUTS.find((s) => s.keys.includes(key) || s.keys.includes(e.key))?.command ?? null;
}
