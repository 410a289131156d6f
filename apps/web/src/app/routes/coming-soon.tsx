/** Reserved URLs of screens built by later issues (reservations, payment, feedback, profile). */
import { Link } from '../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import { usePlaceSlug } from '../../hooks/use-place-slug.ts';

export function Component() {
  const { t } = useTranslation();
  const place = usePlaceSlug();
  return (
    <div className="page page-narrow">
      <h1>{t('comingSoon.title')}</h1>
      <p>{t('comingSoon.text')}</p>
      <Link className="button" to={`/${place}`}>
        {t('common.backToMenu')}
      </Link>
    </div>
  );
}
