/**
 * The instant a render prices by (a product's time-based discount, its happy hour). In the browser, the browser's
 * clock; on the server, the server's clock for the request (`app.clock`, which the browser journeys pin with
 * NODE_ENV=test), read through entry-server.tsx's render session — so the page the server renders and the browser
 * hydrates price alike whenever the two clocks agree (before, the server render read the process's own clock while
 * the API and the journeys used the pinned one: every hydration during the real happy hour did not match).
 */
export const serverRenderNow: { read: () => number } = { read: () => Date.now() };

export function renderNow(): Date {
  return new Date(import.meta.env.SSR ? serverRenderNow.read() : Date.now());
}
