/**
 * A picture whose file is gone (deleted upload, 404) must not show the browser's broken-image drawing:
 *   - once the app is live, `<img {...brokenImage} />` marks it `data-broken` (hidden by global.css), and the box
 *     behind it — a product card's or page's media frame — stays as the placeholder. The ref catches a picture that
 *     failed before the app took over a server-rendered page (its error event came before React listened);
 *   - before that, in the server's HTML (and with scripts off): a picture the server found missing (its file gone
 *     from the uploads, the page data's `missingPictures`) is rendered marked `data-broken` already, by the server
 *     and again by the hydrating app from the same data; any other broken picture by CSS alone, see
 *     `decorativePicture`.
 */
import type { SyntheticEvent } from 'react';

const mark = (img: HTMLImageElement) => {
  img.dataset.broken = '';
};

export const brokenImage = {
  ref: (img: HTMLImageElement | null) => {
    // decode() settles the doubt of a picture with no size of its own (an SVG without width): it fails only when
    // the file cannot be shown.
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src'))
      img.decode().catch(() => mark(img));
  },
  onError: (e: SyntheticEvent<HTMLImageElement>) => mark(e.currentTarget),
};

/**
 * A picture that shows what the text beside it says (a product's or a category's photo, the venue's logo): hidden
 * from screen readers, which read that text, and named by it for the browser's own fallback. Not alt="": Chromium
 * draws a broken picture with an empty alt as a grey outline that no CSS reaches, while a broken picture with an alt
 * becomes an ordinary box whose ::before global.css makes as tall as the picture, pushing the icon and the alt text
 * out of sight — from the server's first HTML on, no script needed (issue 21: a broken picture flashed before
 * hydration). A picture that loads is unaffected (a replaced element has no ::before).
 */
export function decorativePicture(name: string, src: string) {
  return {
    ...brokenImage,
    alt: name,
    'aria-hidden': true,
    src,
    'data-broken': knownMissing.read().has(src) ? '' : undefined,
  } as const;
}

const NONE: ReadonlySet<string> = new Set();
let missingHere: ReadonlySet<string> = NONE;

/**
 * The pictures the server found missing, by address (the page data's `missingPictures`): the browser's from the
 * page it was served (main.tsx), the server render's from its own request's data (entry-server.tsx replaces `read`).
 *
 * Why the server says so rather than CSS alone: WebKit (Safari) draws a broken picture's icon and alt text whatever
 * the stylesheet says — it renders no ::before on an <img>, broken or not, so global.css's cover below works in
 * Chromium and Firefox only, and its `onerror` handler is attached only once React hydrates. `visibility: hidden`
 * on an <img> hides it in every engine, icon and alt text included, from the first HTML on.
 */
export const knownMissing: { read: () => ReadonlySet<string> } = { read: () => missingHere };

/** The browser: the missing pictures of the page the server rendered (main.tsx, before the app renders). */
export function rememberMissingPictures(paths: readonly string[] | undefined): void {
  if (paths && paths.length > 0) missingHere = new Set(paths);
}
