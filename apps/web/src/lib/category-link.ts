/**
 * What a link-type category does when chosen (spec §2): its single link opens directly, with `?room_number`
 * appended when a room number is stored; several links open the links modal; a /feedback link goes to the
 * in-app feedback page — only while the venue's feedback module is on (issue 24: else the link is dropped, and a link
 * category left with none is not offered).
 */
import type { StoreCategory } from '@trapeza/domain/contracts/menu';

export type LinkTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };
export type CategoryLinkAction = LinkTarget | { kind: 'modal'; targets: LinkTarget[] } | { kind: 'none' };

export function appendRoomNumber(link: string, roomNumber: string | null): string {
  if (!roomNumber) return link;
  const [beforeHash = '', hash] = link.split('#', 2);
  const sep = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${sep}room_number=${encodeURIComponent(roomNumber)}${hash !== undefined ? `#${hash}` : ''}`;
}

function isSafeHref(link: string): boolean {
  return /^(https?:|mailto:|tel:|\/)/i.test(link.trim());
}

function linkTarget(
  link: string,
  place: string,
  roomNumber: string | null,
  feedbackOn = true,
): LinkTarget | null {
  const trimmed = link.trim();
  if (/^\/?feedback\/?$/i.test(trimmed) || new RegExp(`^/${place}/feedback/?$`, 'i').test(trimmed)) {
    return feedbackOn ? { kind: 'internal', to: `/${place}/feedback` } : null;
  }
  if (!isSafeHref(trimmed)) return null;
  return { kind: 'external', href: appendRoomNumber(trimmed, roomNumber) };
}

export function categoryLinkAction(
  category: Pick<StoreCategory, 'type' | 'links'>,
  place: string,
  roomNumber: string | null,
  /** The venue's feedback module is on. */
  feedbackOn = true,
): CategoryLinkAction {
  if (category.type !== 'link') return { kind: 'none' };
  const targets = category.links
    .map((l) => linkTarget(l.link, place, roomNumber, feedbackOn))
    .filter((t): t is LinkTarget => t !== null);
  if (targets.length === 0) return { kind: 'none' };
  if (targets.length === 1) return targets[0] as LinkTarget;
  return { kind: 'modal', targets };
}
