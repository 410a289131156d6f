import { useTranslation } from 'react-i18next';

/**
 * While a route's code or data loads: a skeleton of a page (a title, a line, cards), drawn by CSS alone; keeps its
 * height to avoid layout shift.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="skeleton" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
