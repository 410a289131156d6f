import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { initI18n, loadPageTexts } from '../i18n/i18n.ts';

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
