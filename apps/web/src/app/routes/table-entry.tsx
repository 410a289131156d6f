/**
 * `/{place}/t/{token}`: table / room QR entry (spec §2). Stores the token with its order type (verified by
 * POST tables/verify_token when the server knows it), then shows the menu.
 */
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { isOrderType, ORDER_TYPES, type OrderType } from '@trapeza/domain/order-status';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { api } from '../../lib/api-client.ts';
import { useSessionStore } from '../../stores/session-store.ts';

interface VerifiedToken {
  ordertype: OrderType;
  room_number: string | null;
  table: string | null;
  tablet_mode: boolean;
}

/** Reads the verify answer defensively: its shape is not fixed by the spec ("result not shown"). */
function readVerify(data: unknown): VerifiedToken {
  const o = (data !== null && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const inner = (o.table ?? o.data ?? o) as Record<string, unknown>;
  const type = inner.ordertype ?? inner.order_type ?? inner.type ?? o.ordertype;
  const str = (v: unknown) =>
    typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
  return {
    ordertype: isOrderType(Number(type)) ? (Number(type) as OrderType) : ORDER_TYPES.SPOT,
    room_number: str(inner.room_number ?? o.room_number),
    table: str(inner.table_number ?? inner.name ?? inner.table),
    tablet_mode: inner.tablet_mode === 1 || inner.tablet_mode === true,
  };
}

export function Component() {
  const { place = '', token = '' } = useParams();
  const setOrderToken = useSessionStore((s) => s.setOrderToken);
  const [done, setDone] = useState(false);
  useEffect(() => {
    let cancelled = false;
    api
      .post<unknown>('tables/verify_token', { token, placeSlug: place }, { place })
      .then(readVerify)
      .catch((error: unknown) => {
        // Verification is best effort here; the order call checks the token again.
        console.warn('verify_token failed', error);
        return readVerify({});
      })
      .then((v) => {
        if (cancelled) return;
        setOrderToken({ token, place, ...v });
        setDone(true);
      });
    return () => {
      cancelled = true;
    };
  }, [place, token, setOrderToken]);
  return done ? <Navigate to={`/${place}`} replace /> : <PageLoading />;
}
