/**
 * Per-feature UI texts: a feature keeps its own `i18n/<lang>.json` files and loads them with its code, so the
 * first screen carries only the texts it shows and features never edit one shared file. The texts are merged
 * into the default namespace under the feature's key: `t('cart.title')` reads `cart/i18n/<lang>.json` → `title`.
 * Bulgarian, the fallback, is always loaded beside the current language.
 */
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@trapeza/domain/i18n';
import { i18next } from './i18n.ts';
import { useLang } from '../hooks/use-lang.ts';

type Messages = Record<string, unknown>;
export type FeatureBundleLoaders = Record<Language, () => Promise<{ default: Messages }>>;

const loadingByInstance = new WeakMap<I18n, Map<string, Promise<void>>>();

/**
 * Loads a feature's texts for `lang` (and Bulgarian) once; the same promise for every caller. `instance`: the
 * i18next instance to add them to (the app's own; the server renderer has one per language).
 */
export function loadFeatureBundle(
  feature: string,
  loaders: FeatureBundleLoaders,
  lang: Language,
  instance: I18n = i18next,
): Promise<void> {
  let loading = loadingByInstance.get(instance);
  if (!loading) {
    loading = new Map();
    loadingByInstance.set(instance, loading);
  }
  const key = `${feature}:${lang}`;
  let promise = loading.get(key);
  if (!promise) {
    const langs = lang === DEFAULT_LANGUAGE ? [lang] : [DEFAULT_LANGUAGE, lang];
    promise = Promise.all(
      langs.map(async (l) => {
        const messages = (await loaders[l]()).default;
        instance.addResourceBundle(l, 'translation', { [feature]: messages }, true, true);
      }),
    ).then(() => undefined);
    loading.set(key, promise);
  }
  return promise;
}

/**
 * Suspends until the feature's texts for the current language are there (the route's Suspense boundary shows
 * the page loader meanwhile); call it at the top of the feature's entry component.
 */
export function useFeatureTranslations(feature: string, loaders: FeatureBundleLoaders): void {
  const current = useLang();
  const { i18n } = useTranslation();
  const lang: Language = isLanguage(current) ? current : DEFAULT_LANGUAGE;
  // The server renderer has an i18next instance per language (src/entry-server.tsx); the browser has the one.
  use(loadFeatureBundle(feature, loaders, lang, import.meta.env.SSR ? i18n : i18next));
}
