/** The booking feature's texts (form, calendar, result, cancel link, my bookings) in the five languages. */
import type { FeatureBundleLoaders } from '../../../i18n/feature-bundles.ts';

export const bookingBundle: FeatureBundleLoaders = {
  bg: () => import('./bg.json'),
  en: () => import('./en.json'),
  es: () => import('./es.json'),
  de: () => import('./de.json'),
  'fr-CH': () => import('./fr-CH.json'),
};
