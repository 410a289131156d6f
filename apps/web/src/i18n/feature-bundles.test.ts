import { expect, test } from 'vitest';
import { initI18n, i18next } from './i18n.ts';
import { loadFeatureBundle, type FeatureBundleLoaders } from './feature-bundles.ts';

const loaders: FeatureBundleLoaders = {
  bg: async () => ({ default: { title: 'Количка', only_bg: 'само на български' } }),
  en: async () => ({ default: { title: 'Cart' } }),
  es: async () => ({ default: { title: 'Carrito' } }),
  de: async () => ({ default: { title: 'Warenkorb' } }),
  'fr-CH': async () => ({ default: { title: 'Panier' } }),
};

test('a feature bundle merges under its key, with Bulgarian as fallback', async () => {
  await initI18n('de');
  await loadFeatureBundle('demo_feature', loaders, 'de');
  expect(i18next.t('demo_feature.title')).toBe('Warenkorb');
  expect(i18next.t('demo_feature.only_bg')).toBe('само на български');
  expect(i18next.getResource('en', 'translation', 'demo_feature.title')).toBeUndefined();
});

test('loading twice reuses the same promise', () => {
  expect(loadFeatureBundle('demo_feature', loaders, 'de')).toBe(
    loadFeatureBundle('demo_feature', loaders, 'de'),
  );
});
