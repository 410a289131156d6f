/** `/{place}/privacy-policy` (spec §2 legal texts). */
import { useTranslation } from 'react-i18next';
import { LegalPage } from '../../features/place/components/legal-page.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useVenue } from '../../hooks/use-venue.ts';

export function Component() {
  const venue = useVenue();
  const { t } = useTranslation();
  usePageMeta(t('legal.privacy'), venue.name);
  return (
    <LegalPage title={t('legal.privacy')} html={venue.ui.legal.privacy} fallbackKey="legalText.privacy" />
  );
}
