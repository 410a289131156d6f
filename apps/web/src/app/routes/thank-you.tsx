/** `/thankyou` (spec §2): a page without menu navigation. */
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../hooks/use-page-meta.ts';

export function Component() {
  const { t } = useTranslation();
  usePageMeta(t('thankYou.title'));
  return (
    <main id="main" className="page page-narrow center">
      <h1>{t('thankYou.title')}</h1>
      <p>{t('thankYou.text')}</p>
    </main>
  );
}
