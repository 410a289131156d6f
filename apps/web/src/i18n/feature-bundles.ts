/**
 * Per-feature UI texts: a feature keeps its own `i18n/<lang>.json` files and loads them with its code, so the
 * first screen carries only the texts it shows and features never edit one shared file. The texts are merged
 * into the default namespace under the feature's key: `t('cart.title')` reads `cart/i18n/<lang>.json` → `title`.
 * Bulgarian, the fallback, is always loaded beside the current language.
 */
import { use } from 'react';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@trapeza/domain/i18n';
import { i18next } from './i18n.ts';
import { useLang } from '../hooks/use-lang.ts';

type Messages = Record<string, unknown>;
export type FeatureBundleLoaders = Record<Language, () => Promise<{ default: Messages }>>;

const loading = new Map<string, Promise<void>>();

/** Loads a feature's texts for `lang` (and Bulgarian) once; the same promise for every caller. */
export function loadFeatureBundle(feature: string, loaders: FeatureBundleLoaders, lang: Language): Promise<void> {
  const key = `${feature}:${lang}`;
  let promise = loading.get(key);
  if (!promise) {
    const langs = lang === DEFAULT_LANGUAGE ? [lang] : [DEFAULT_LANGUAGE, lang];
    promise = Promise.all(
      langs.map(async (l) => {
        const messages = (await loaders[l]()).default;
        i18next.addResourceBundle(l, 'translation', { [feature]: messages }, true, true);
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
  const lang: Language = isLanguage(current) ? current : DEFAULT_LANGUAGE;
  use(loadFeatureBundle(feature, loaders, lang));
}
