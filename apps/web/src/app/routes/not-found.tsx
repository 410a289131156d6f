/** `/404` (spec §2): 'Error 404 / Requested page was not found!' with a Back button to the main menu site. */
import { Link } from '../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useSessionStore } from '../../stores/session-store.ts';

export function Component() {
  const { t } = useTranslation();
  const place = useSessionStore((s) => s.placeSlug);
  usePageMeta(t('notFound.title'));
  return (
    <main id="main" className="page page-narrow center">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button" to={place ? `/${place}` : '/'}>
        {t('notFound.back')}
      </Link>
    </main>
  );
}
