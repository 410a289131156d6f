/** The generic error of spec §8: 'Възникна грешка #n', with the weak-internet line for #2 and offline detection. */
import { useTranslation } from 'react-i18next';
import { ApiRequestError, errorKind } from '../../lib/api-client.ts';

export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const kind = errorKind(error);
  return (
    <div role="alert" className="alert">
      {offline ? (
        <p>{t('errors.offline')}</p>
      ) : (
        <>
          <p>{t('errors.generic', { n: kind })}</p>
          {kind === 2 && <p>{t('errors.noResponse')}</p>}
          {error instanceof ApiRequestError && error.kind === 1 && error.body?.message_trans && (
            <p>{error.body.message_trans}</p>
          )}
        </>
      )}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
