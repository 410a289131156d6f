/**
 * `/{place}/t/{token}`: table / room QR entry (spec §2). POST tables/verify_token opens the table session; its
 * token (the session, which the spot order sends) is stored with the order type, table and room in the order-token
 * cookie (spec §3, §9), then the menu shows. An unknown QR code asks the guest to scan again (order_sent_fail).
 */
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StoreTableSession } from '@trapeza/domain/contracts/orders';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { verifyToken } from '../../features/table/api/table.ts';
import { tableBundle } from '../../features/table/i18n/loaders.ts';
import { useFeatureTranslations } from '../../i18n/feature-bundles.ts';
import { useSessionStore } from '../../stores/session-store.ts';

export function Component() {
  useFeatureTranslations('table', tableBundle);
  const { t } = useTranslation();
  const { place = '', token = '' } = useParams();
  const setOrderToken = useSessionStore((s) => s.setOrderToken);
  const [state, setState] = useState<'loading' | 'done' | 'invalid'>('loading');
  useEffect(() => {
    let cancelled = false;
    verifyToken(place, token)
      .then((s: StoreTableSession) => {
        if (cancelled) return;
        setOrderToken({
          token: s.token,
          place,
          ordertype: s.order_type,
          room_number: s.room_number,
          table: s.table,
          tablet_mode: false,
        });
        setState('done');
      })
      .catch(() => {
        if (!cancelled) setState('invalid');
      });
    return () => {
      cancelled = true;
    };
  }, [place, token, setOrderToken]);
  if (state === 'done') return <Navigate to={`/${place}`} replace />;
  if (state === 'invalid') {
    return (
      <div className="page page-narrow">
        <p role="alert" className="alert">
          {t('table.invalidQr')}
        </p>
        <Link className="button" to={`/${place}`}>
          {t('table.toMenu')}
        </Link>
      </div>
    );
  }
  return <PageLoading />;
}
