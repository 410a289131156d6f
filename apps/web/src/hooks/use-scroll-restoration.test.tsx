import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useScrollRestoration } from './use-scroll-restoration.ts';

function Page() {
  useScrollRestoration();
  return null;
}

/** A page load in this tab: a fresh router on `path` (its first entry, key "default", a POP). */
function load(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
}

let scrollY = 0;
const scrollTo = vi.fn();

beforeEach(() => {
  sessionStorage.clear();
  scrollY = 0;
  scrollTo.mockReset();
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
});
afterEach(() => vi.restoreAllMocks());

describe('useScrollRestoration on a page load', () => {
  it('leaves a page loaded afresh where it is, not at the position of the page loaded before it in the tab', () => {
    // The category, scrolled down before the app was live.
    scrollY = 1200;
    load('/bistro/skara').unmount();
    // Then the product page, loaded afresh at the top.
    scrollY = 0;
    load('/bistro/skara/kebapcheta');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the position of a page reloaded', () => {
    scrollY = 1200;
    load('/bistro/skara').unmount();
    scrollY = 0;
    load('/bistro/skara');
    expect(scrollTo).toHaveBeenCalledWith(0, 1200);
  });
});
