/** The staff texts (`t('staff.…')`), loaded with the staff chunks in the current language and Bulgarian. */
import { useFeatureTranslations, type FeatureBundleLoaders } from '../../../i18n/feature-bundles.ts';

export const staffTextLoaders: FeatureBundleLoaders = {
  bg: () => import('../i18n/bg.json'),
  en: () => import('../i18n/en.json'),
  es: () => import('../i18n/es.json'),
  de: () => import('../i18n/de.json'),
  'fr-CH': () => import('../i18n/fr-CH.json'),
};

/** Suspends until the texts are there; call at the top of every staff entry component. */
export function useStaffTexts(): void {
  useFeatureTranslations('staff', staffTextLoaders);
}
