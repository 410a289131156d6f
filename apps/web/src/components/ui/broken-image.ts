/**
 * A picture whose file is gone (deleted upload, 404) must not show the browser's broken-image drawing:
 *   - once the app is live, `<img {...brokenImage} />` marks it `data-broken` (hidden by global.css), and the box
 *     behind it — a product card's or page's media frame — stays as the placeholder. The ref catches a picture that
 *     failed before the app took over a server-rendered page (its error event came before React listened);
 *   - before that, in the server's HTML (and with scripts off), CSS alone: see `decorativePicture`.
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
export function decorativePicture(name: string) {
  return { ...brokenImage, alt: name, 'aria-hidden': true } as const;
}
