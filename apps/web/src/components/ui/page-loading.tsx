import { useTranslation } from 'react-i18next';

/** A quiet placeholder while a route's code or data loads; keeps its height to avoid layout shift. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
