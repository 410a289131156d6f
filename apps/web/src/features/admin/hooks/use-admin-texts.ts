import { useTranslation } from 'react-i18next';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { adminBundle } from '../i18n/loaders.ts';

/** Suspends until the admin texts are loaded, then answers `t` for them (keys without the `admin.` prefix). */
export function useAdminTexts() {
  useFeatureTranslations('admin', adminBundle);
  return useTranslation(undefined, { keyPrefix: 'admin' });
}

/** `t` for components below an entry that already loaded the texts (no suspension). */
export function useAdminT() {
  return useTranslation(undefined, { keyPrefix: 'admin' }).t;
}
