/**
 * Whether this browser session has closed a place's welcome banner (spec §2: once per visit): a session cookie
 * (`welcome_seen_<place>`, @trapeza/domain/tokens), so the server reads it too and renders the banner already open in
 * the first HTML while it is due (issue 17: the banner painted after hydration was the guest pages' largest content).
 * Loaded with the banner's own chunk, never with the guest's initial JavaScript.
 */
import { welcomeSeenCookie } from '@trapeza/domain/tokens';
import { getCookie, setCookie } from '../../lib/cookies.ts';

/**
 * On the server: what the request's cookie says, for the render under way (entry-server.tsx sets this to read its
 * render's own session). Unset, nothing has been seen.
 */
export const serverWelcomeSeen: { read: (place: string) => boolean } = { read: () => false };

export function welcomeSeen(place: string): boolean {
  if (import.meta.env.SSR) return serverWelcomeSeen.read(place);
  return getCookie(welcomeSeenCookie(place)) === '1';
}

/** The guest closed the banner: not again in this browser session (a session cookie: no lifetime). */
export function markWelcomeSeen(place: string): void {
  setCookie(welcomeSeenCookie(place), '1', null);
}
