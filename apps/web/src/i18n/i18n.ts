/**
 * UI texts through i18next (spec §1, §4): Bulgarian is the default and the fallback; en, es, de, fr-CH load on
 * demand so the first screen carries only the languages it needs. The choice is kept in the `language` cookie for
 * 8760 hours (spec §9).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COOKIE_LIFETIME_HOURS } from '@trapeza/domain/tokens';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@trapeza/domain/i18n';
import { getCookie, setCookie } from '../lib/cookies.ts';
// Bulgarian is the default and every other language's fallback, so every first screen needs it: it ships inside
// the entry chunk rather than costing a second round trip before the first render.
import bg from './bg.json';

type Messages = Record<string, unknown>;

const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  bg: () => Promise.resolve({ default: bg }),
  en: () => import('./en.json'),
  es: () => import('./es.json'),
  de: () => import('./de.json'),
  'fr-CH': () => import('./fr-CH.json'),
};

/**
 * Texts of the screens after the first one (product page and cards, search, about, landing, 404, …) in a second
 * bundle per language, merged under the same keys: a first visit to /{place} does not download them. Lazy routes
 * wait for them (app/router.tsx); the app starts loading them once the first screen is up.
 */
const pageLoaders: Record<Language, () => Promise<{ default: Messages }>> = {
  bg: () => import('./pages/bg.json'),
  en: () => import('./pages/en.json'),
  es: () => import('./pages/es.json'),
  de: () => import('./pages/de.json'),
  'fr-CH': () => import('./pages/fr-CH.json'),
};
const pageTexts = new Map<Language, Promise<void>>();

function loadPageTextsOf(lang: Language): Promise<void> {
  let promise = pageTexts.get(lang);
  if (!promise) {
    promise = pageLoaders[lang]().then(({ default: messages }) => {
      i18next.addResourceBundle(lang, 'translation', messages, true, true);
    });
    pageTexts.set(lang, promise);
  }
  return promise;
}

/** Loads the later screens' texts of the current language (and Bulgarian, the fallback) once. */
export function loadPageTexts(): Promise<void> {
  // The server renderer (src/entry-server.tsx) has every text in its own i18next instances.
  if (import.meta.env.SSR) return Promise.resolve();
  const current = isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
  return Promise.all([loadPageTextsOf(DEFAULT_LANGUAGE), loadPageTextsOf(current)]).then(() => undefined);
}

const LANGUAGE_COOKIE = 'language';

/** Native names, shown in the chooser in their own language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  bg: 'Български',
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  'fr-CH': 'Français (Suisse)',
};

function storedLanguage(): Language | null {
  const value = getCookie(LANGUAGE_COOKIE);
  return isLanguage(value) ? value : null;
}

async function ensureLoaded(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const messages = (await loaders[lang]()).default;
  i18next.addResourceBundle(lang, 'translation', messages, true, true);
}

let initPromise: Promise<unknown> | null = null;

/**
 * The language the server chose for this page (`<html lang>`): the guest's cookie, or on a first visit the venue's
 * first-visit language (spec §3 first_init_lang; apps/server/src/plugins/web-first-screen.ts).
 */
function pageLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : null;
}

/** Starts i18next with `lang` (and Bulgarian, the fallback) loaded. */
export async function initI18n(
  lang: Language = storedLanguage() ?? pageLanguage() ?? DEFAULT_LANGUAGE,
): Promise<typeof i18next> {
  initPromise ??= i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['bg', 'en', 'es', 'de', 'fr-CH'],
    load: 'currentOnly',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await initPromise;
  await Promise.all([ensureLoaded(DEFAULT_LANGUAGE), ensureLoaded(lang)]);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  syncDocumentLanguage(lang);
  return i18next;
}

function syncDocumentLanguage(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Switches the UI language and (the guest's own choice) remembers it for 8760 hours. */
export async function changeLanguage(lang: Language, remember = true): Promise<void> {
  await Promise.all([ensureLoaded(lang), pageTexts.size > 0 ? loadPageTextsOf(lang) : undefined]);
  await i18next.changeLanguage(lang);
  if (remember) setCookie(LANGUAGE_COOKIE, lang, COOKIE_LIFETIME_HOURS.language);
  syncDocumentLanguage(lang);
}

/**
 * A first visit (no language chosen: no cookie) shows the venue's first-visit language (spec §3 first_init_lang,
 * else default_lang) — on the pages the server did not render too (QR entry, deeper links). Not remembered: it is
 * the venue's choice, not the guest's, and another venue may choose another.
 */
export function applyFirstVisitLanguage(lang: Language): void {
  if (storedLanguage() !== null || i18next.language === lang) return;
  void changeLanguage(lang, false);
}

export { i18next };
