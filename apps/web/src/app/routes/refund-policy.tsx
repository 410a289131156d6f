/** `/{place}/refund-policy` (spec §2 legal texts). */
import { useTranslation } from 'react-i18next';
import { LegalPage } from '../../features/place/components/legal-page.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useVenue } from '../../hooks/use-venue.ts';

export function Component() {
  const venue = useVenue();
  const { t } = useTranslation();
  usePageMeta(t('legal.refund'), venue.name);
  return <LegalPage title={t('legal.refund')} html={venue.ui.legal.refund} fallbackKey="legalText.refund" />;
}
