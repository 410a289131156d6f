/**
 * A picture whose file is gone (deleted upload, 404) must not show the browser's broken-image icon and its alt
 * text: `<img {...brokenImage} />` marks it `data-broken` (hidden by global.css), and the box behind it — a
 * product card's or page's media frame — stays as the placeholder. The ref catches a picture that failed before
 * the app took over a server-rendered page (its error event came before React listened).
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
