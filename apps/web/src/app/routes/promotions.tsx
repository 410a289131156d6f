/** `/{place}/offers` (spec §2 promotions screen): the venue's current promotions, while its module is on. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateField } from '@trapeza/domain/i18n';
import { ErrorMessage } from '../../components/ui/error-message.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { promotionsQueryOptions } from '../../features/place/api/get-promotions.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useVenue } from '../../hooks/use-venue.ts';
import { Redirect } from '../redirect.tsx';

/** The promotions module switched off: no such page (issue 24; the server answers the page 404 too). */
export function Component() {
  const venue = useVenue();
  if (!venue.info.functionality_modules.includes('promotions')) return <Redirect to="/404" />;
  return <PromotionsPage />;
}

function PromotionsPage() {
  const venue = useVenue();
  const { t } = useTranslation();
  const promotions = useQuery(promotionsQueryOptions(venue.place));
  usePageMeta(t('nav.promotions'), venue.name);
  return (
    <div className="page">
      <h1>{t('nav.promotions')}</h1>
      {promotions.isPending ? (
        <PageLoading />
      ) : promotions.isError ? (
        <ErrorMessage error={promotions.error} onRetry={() => void promotions.refetch()} />
      ) : promotions.data.length === 0 ? (
        <p>{t('promotions.empty')}</p>
      ) : (
        <ul className="promotions" aria-label={t('nav.promotions')}>
          {promotions.data.map((p, i) => {
            const title = translateField(p, 'title', venue.lang) || p.title;
            const description = translateField(p, 'description', venue.lang) || p.description;
            return (
              <li key={p.id} className="promotion">
                {p.image && (
                  <img
                    src={p.image}
                    alt=""
                    width={640}
                    height={360}
                    loading={i < 2 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                )}
                <h2>{title}</h2>
                {description && <p>{description}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
