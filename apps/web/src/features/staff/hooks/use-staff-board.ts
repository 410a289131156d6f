/**
 * The live board: loads the open orders and calls, then follows the event stream from the lists' position
 * (nothing lost in between, nothing twice: see lib/board-state.ts). A 401 at any point hands back to the login.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { OrderStatus } from '@trapeza/domain/order-status';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  changeOrderStatus,
  changeOrderTable,
  getActiveOrders,
  getOpenUserNeeds,
  markUserNeedDone,
} from '../api/board.ts';
import { boardReducer, EMPTY_BOARD } from '../lib/board-state.ts';
import { openStaffStream, type StreamStatus } from '../lib/staff-stream.ts';

const isUnauthorized = (e: unknown) => e instanceof ApiRequestError && e.status === 401;

export function useStaffBoard(place: string, token: string, onUnauthorized: () => void) {
  const [state, dispatch] = useReducer(boardReducer, EMPTY_BOARD);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [loadError, setLoadError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const unauthorized = useRef(onUnauthorized);
  useEffect(() => {
    unauthorized.current = onUnauthorized;
  }, [onUnauthorized]);

  useEffect(() => {
    let cancelled = false;
    let close: (() => void) | null = null;
    const fail = (e: unknown) => {
      if (cancelled) return;
      if (isUnauthorized(e)) unauthorized.current();
      else setLoadError(true);
    };
    const load = async () => {
      const [orders, needs] = await Promise.all([getActiveOrders(place), getOpenUserNeeds(place)]);
      // Two reads, two positions: resume from the earlier one (events applied twice are harmless).
      const lastEventId = Math.min(orders.last_event_id, needs.last_event_id);
      if (!cancelled)
        dispatch({ type: 'snapshot', orders: orders.orders, needs: needs.user_needs, lastEventId });
      return lastEventId;
    };
    load().then((lastEventId) => {
      if (cancelled) return;
      setLoadError(false);
      close = openStaffStream({
        place,
        token,
        lastEventId,
        onEvent: (event) => dispatch({ type: 'event', event }),
        onStatus: setStatus,
        onReset: () => void load().catch(fail),
        beforeReconnect: async () => {
          try {
            await getOpenUserNeeds(place);
            return !cancelled;
          } catch (e) {
            if (isUnauthorized(e)) {
              fail(e);
              return false;
            }
            return !cancelled;
          }
        },
      });
    }, fail);
    return () => {
      cancelled = true;
      close?.();
    };
  }, [place, token, attempt]);

  const retry = useCallback(() => {
    setLoadError(false);
    setAttempt((n) => n + 1);
  }, []);

  const setOrderStatus = useCallback(
    async (order: StaffOrder, to: OrderStatus, reason?: string) => {
      try {
        const updated = await changeOrderStatus(place, order.id, { status: to, reason: reason ?? null });
        dispatch({ type: 'order', order: updated });
      } catch (e) {
        if (isUnauthorized(e)) unauthorized.current();
        throw e;
      }
    },
    [place],
  );

  const setOrderTable = useCallback(
    async (order: StaffOrder, tableId: number | null) => {
      const updated = await changeOrderTable(place, order.id, tableId);
      dispatch({ type: 'order', order: updated });
    },
    [place],
  );

  const markNeedDone = useCallback(
    async (id: number) => {
      await markUserNeedDone(place, id);
      dispatch({ type: 'needDone', id });
    },
    [place],
  );

  return { state, dispatch, status, loadError, retry, setOrderStatus, setOrderTable, markNeedDone };
}
