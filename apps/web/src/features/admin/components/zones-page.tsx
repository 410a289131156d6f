/**
 * Order types of the place (spot, delivery, pickup, spot browse, room, served on spot): the list with the types
 * still to add, one card per type (zones/order-type-card.tsx: on/off, price and discount tiers; for delivery its
 * radiuses and map zones with their editor, zones/shape-*.tsx and zones/polygon-editor.tsx), and the place's
 * delivery regions (zones/regions-card.tsx). Zone and region names are edited in every language.
 */
import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { adminRequest } from '../api/admin-client.ts';
import { createOrderType, orderTypesQuery } from '../api/zones.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import type { LatLng } from '../lib/polygon.ts';
import s from './admin.module.css';
import { OrderTypeCard } from './zones/order-type-card.tsx';
import { RegionsCard } from './zones/regions-card.tsx';
import { useZoneWrite } from './zones/use-zone-write.tsx';

const ORDER_TYPES = [1, 2, 3, 4, 6, 7] as const;
const SOFIA: LatLng = [42.6977, 23.3219];

export function ZonesPage() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const types = useQuery(orderTypesQuery(place));
  const venue = useQuery({
    queryKey: ['admin', place, 'place'],
    queryFn: () => adminRequest<{ lat: number | null; lng: number | null }>('place'),
  });
  const { run, status } = useZoneWrite(place);
  if (types.isPending) return <PageLoading />;
  if (types.error) return <ErrorMessage error={types.error} onRetry={() => void types.refetch()} />;
  const center: LatLng =
    venue.data?.lat != null && venue.data.lng != null ? [venue.data.lat, venue.data.lng] : SOFIA;
  const missing = ORDER_TYPES.filter((type) => !types.data.some((o) => o.type === type));
  return (
    <div>
      <section className={s.card}>
        <h2>{t('zones.orderTypes')}</h2>
        <div className={s.row}>
          {missing.map((type) => (
            <button
              key={type}
              type="button"
              className={s.btnGhost}
              onClick={() => void run(() => createOrderType(type))}
            >
              + {t(`orderTypes.${type}`)}
            </button>
          ))}
        </div>
        {status}
      </section>
      {types.data.map((ot) => (
        <OrderTypeCard key={ot.id} orderType={ot} center={center} />
      ))}
      <RegionsCard />
    </div>
  );
}
