/** The admin texts (`t('admin.…')`) in the five languages, loaded with the admin chunks only. */
import type { FeatureBundleLoaders } from '../../../i18n/feature-bundles.ts';

export const adminBundle: FeatureBundleLoaders = {
  bg: () => import('./bg.json'),
  en: () => import('./en.json'),
  es: () => import('./es.json'),
  de: () => import('./de.json'),
  'fr-CH': () => import('./fr-CH.json'),
};
