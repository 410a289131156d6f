import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n, loadPageTexts } from '../i18n/i18n.ts';
import { PAGE_BRAND_ID } from '../lib/page-brand.ts';

// The page's brand, as the server hands it over with every page (lib/page-brand.ts): the demo brand.
const brand = document.createElement('script');
brand.type = 'application/json';
brand.id = PAGE_BRAND_ID;
brand.textContent = JSON.stringify({
  slug: 'demo',
  name: 'Demo',
  logo: null,
  primaryColor: null,
  secondaryColor: null,
});
document.head.append(brand);

// Lazy routes load their module and texts before the first heading; on a busy CI machine that can take longer
// than Testing Library's 1 s default, so findBy*/waitFor get 10 s (they return as soon as the element is there);
// the test timeout (vite.config.ts) is longer, so a miss reports what was not found.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await initI18n('bg');
  await loadPageTexts();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom does not implement scrolling; the scroll restoration only needs the call to exist.
window.scrollTo = () => undefined;

// jsdom lacks what Radix's select (components/ui/select.tsx) calls when its list opens and is scrolled to the chosen
// item: pointer capture and scrollIntoView; ResizeObserver where jsdom has none.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
