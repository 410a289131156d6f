/**
 * `/{place}/t/{token}`: table / room QR entry (spec §2). POST tables/verify_token opens the table session; its
 * token (the session, which the spot order sends) is stored with the order type, table, room and the server's
 * expiry in the order-token cookie (spec §3, §9), then the menu shows. An unknown QR code asks the guest to scan
 * again (order_sent_fail).
 *
 * Device modes (designed, features/table/README.md): `?mode=kiosk` or `?mode=tablet` (also `?kiosk=1`,
 * `?tablet=1`) switch this device to kiosk mode (kiosk cookie and order cookies 43800 h, the session 43800 h) or
 * tablet mode ('save for order', the session kept when the cart is cleared for another place). The server honours
 * them only for a staff login of the place (else `staff_required`: the page offers the login); once switched, the
 * staff login is dropped from the device so guests never act as staff. A plain scan switches kiosk mode off.
 */
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceMode, StoreTableSession } from '@trapeza/domain/contracts/orders';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { verifyToken } from '../../features/table/api/table.ts';
import { tableBundle } from '../../features/table/i18n/loaders.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useVenue } from '../../hooks/use-venue.ts';
import { useFeatureTranslations } from '../../i18n/feature-bundles.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { setKioskDevice, storeOrderToken } from '../../lib/order-token-cookie.ts';
import { useAccountStore } from '../../stores/account-store.ts';
import { openLogin } from '../../stores/auth-ui-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';

function modeOf(params: URLSearchParams): DeviceMode | null {
  const mode = params.get('mode');
  if (mode === 'kiosk' || params.get('kiosk') === '1') return 'kiosk';
  if (mode === 'tablet' || params.get('tablet') === '1') return 'tablet';
  return null;
}

export function Component() {
  useFeatureTranslations('table', tableBundle);
  const { t } = useTranslation();
  const { place = '', token = '' } = useParams();
  const [params] = useSearchParams();
  const mode = modeOf(params);
  // The server verified this token already and found it invalid (web-first-screen.ts): it rendered the answer.
  const queryClient = useQueryClient();
  const [knownInvalid] = useState(
    () => queryClient.getQueryData<string>(['invalid-qr', place]) === token && !mode,
  );
  const [state, setState] = useState<'loading' | 'done' | 'invalid' | 'staff'>(
    knownInvalid ? 'invalid' : 'loading',
  );
  const [attempt, setAttempt] = useState(0);

  const onSession = useCallback(
    (s: StoreTableSession) => {
      setKioskDevice(s.mode === 'kiosk');
      storeOrderToken({
        token: s.token,
        place,
        ordertype: s.order_type,
        room_number: s.room_number,
        table: s.table,
        tablet_mode: s.mode === 'tablet',
        expires: new Date(s.expires).getTime(),
      });
      if (s.mode) {
        useSessionStore.getState().setAuthToken(null);
        useAccountStore.getState().reset();
      }
      setState('done');
    },
    [place],
  );

  useEffect(() => {
    if (knownInvalid) return;
    let cancelled = false;
    verifyToken(place, token, mode)
      .then((s) => {
        if (!cancelled) onSession(s);
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        setState(e instanceof ApiRequestError && e.body?.message === 'staff_required' ? 'staff' : 'invalid');
      });
    return () => {
      cancelled = true;
    };
  }, [place, token, mode, attempt, onSession, knownInvalid]);

  if (state === 'done') return <Navigate to={`/${place}`} replace />;
  if (state === 'staff') {
    return (
      <div className="page page-narrow stack">
        <p role="alert" className="alert">
          {t('table.staffRequired', { mode: t(`table.modes.${mode ?? 'kiosk'}`) })}
        </p>
        <button
          type="button"
          className="button"
          onClick={() =>
            openLogin({
              onSuccess: () => {
                setState('loading');
                setAttempt((n) => n + 1);
              },
            })
          }
        >
          {t('table.staffLogin')}
        </button>
        <Link className="button button-secondary" to={`/${place}`}>
          {t('table.toMenu')}
        </Link>
      </div>
    );
  }
  if (state === 'invalid') return <InvalidQr place={place} />;
  return <PageLoading />;
}

/** "Invalid QR code, scan again" (spec order_sent_fail), titled so the server renders it too. */
function InvalidQr({ place }: { place: string }) {
  const { t } = useTranslation();
  usePageMeta(t('table.invalidQr'), useVenue().name);
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
