import { describe, expect, test } from 'vitest';
import { category } from '../test/fixtures.ts';
import { appendRoomNumber, categoryLinkAction } from './category-link.ts';

describe('link categories (spec §2)', () => {
  test.each([
    ['https://x.test/spa', null, 'https://x.test/spa'],
    ['https://x.test/spa', '104', 'https://x.test/spa?room_number=104'],
    ['https://x.test/spa?a=1', '104', 'https://x.test/spa?a=1&room_number=104'],
    ['https://x.test/spa#top', '7', 'https://x.test/spa?room_number=7#top'],
  ])('appendRoomNumber(%s, %s)', (link, room, expected) => {
    expect(appendRoomNumber(link, room)).toBe(expected);
  });

  test('a single link opens directly, with ?room_number when a room is stored', () => {
    const cat = category({
      id: 5,
      slug: 'spa',
      name: 'Спа',
      type: 'link',
      links: [{ link: 'https://spa.test' }],
    });
    expect(categoryLinkAction(cat, 'hotel', '101')).toEqual({
      kind: 'external',
      href: 'https://spa.test?room_number=101',
    });
  });

  test('several links open the links modal', () => {
    const cat = category({
      id: 5,
      slug: 'x',
      name: 'X',
      type: 'link',
      links: [{ link: 'https://a.test' }, { link: 'https://b.test' }],
    });
    const action = categoryLinkAction(cat, 'bistro', null);
    expect(action.kind).toBe('modal');
    expect(action.kind === 'modal' && action.targets).toHaveLength(2);
  });

  test('a /feedback link goes to the in-app feedback page', () => {
    const cat = category({ id: 5, slug: 'fb', name: 'Отзиви', type: 'link', links: [{ link: '/feedback' }] });
    expect(categoryLinkAction(cat, 'bistro', '12')).toEqual({ kind: 'internal', to: '/bistro/feedback' });
  });

  test('the feedback module off: the /feedback link is dropped, the others stay (issue 24)', () => {
    const only = category({
      id: 5,
      slug: 'fb',
      name: 'Отзиви',
      type: 'link',
      links: [{ link: '/feedback' }],
    });
    expect(categoryLinkAction(only, 'bistro', null, false)).toEqual({ kind: 'none' });
    const both = category({
      id: 6,
      slug: 'links',
      name: 'Връзки',
      type: 'link',
      links: [{ link: '/bistro/feedback' }, { link: 'https://a.test' }],
    });
    expect(categoryLinkAction(both, 'bistro', null, false)).toEqual({
      kind: 'external',
      href: 'https://a.test',
    });
  });

  test('javascript: links are dropped; normal categories have no link action', () => {
    const bad = category({
      id: 5,
      slug: 'b',
      name: 'B',
      type: 'link',
      links: [{ link: 'javascript:alert(1)' }],
    });
    expect(categoryLinkAction(bad, 'bistro', null)).toEqual({ kind: 'none' });
    expect(categoryLinkAction(category({ id: 1, slug: 'a', name: 'A' }), 'bistro', null)).toEqual({
      kind: 'none',
    });
  });
});
