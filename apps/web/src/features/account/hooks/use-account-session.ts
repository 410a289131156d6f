/**
 * Runs once in the place layout (through the lazily loaded account host):
 * - on start, a token from the cookie is checked with POST users/validate; false → log out and leave the profile
 *   (spec §4). A token without a kept user object (storage cleared) cannot be shown as a session and is dropped;
 * - while signed in, loads the nth-order discount, the accumulated amount and, when the place's payments module is
 *   on, the payment instruments; again on a place change, a new token or refreshAccountData().
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { placeQueryOptions } from '../../../api/get-place.ts';
import { useAccountStore, type AccountExtras } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  getAccumulatedAmount,
  getPaymentInstruments,
  getRegisteredUserDiscount,
} from '../api/get-account-extras.ts';
import { validateSession } from '../api/validate-session.ts';
import { endSession } from './auth-session.ts';

/** The token validated at start-up (module state: once per page load, not per mount). */
let validatedToken: string | null = null;

export function useAccountSession(place: string): void {
  const token = useSessionStore((s) => s.authToken);
  const userId = useAccountStore((s) => s.user?.id ?? null);
  const revision = useAccountStore((s) => s.revision);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Where the guest is when the verdict comes back (the check is asynchronous).
  const { pathname } = useLocation();
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);

  // Start-up check of a token read from the cookie.
  useEffect(() => {
    if (!token || validatedToken !== null) return;
    validatedToken = token;
    if (userId === null) {
      endSession();
      return;
    }
    validateSession()
      .then((valid) => {
        if (valid || useSessionStore.getState().authToken !== token) return;
        endSession('session_expired');
        queryClient.removeQueries({ queryKey: ['account'] });
        if (where.current.startsWith(`/${place}/profile`)) void navigate(`/${place}`);
      })
      .catch(() => {
        // No answer is not a verdict: the session stays until the server says otherwise.
      });
  }, [token, userId, place, navigate, queryClient]);

  // A kept user without a token (cookie expired) is no session.
  useEffect(() => {
    if (!token && userId !== null) useAccountStore.getState().reset();
  }, [token, userId]);

  // Instruments and discounts of the signed-in user at this place.
  useEffect(() => {
    if (!token || userId === null) return;
    let cancelled = false;
    const apply = (extras: Partial<AccountExtras>) => {
      if (!cancelled) useAccountStore.getState().setExtras(extras);
    };
    getRegisteredUserDiscount(place)
      .then((registeredDiscount) => apply({ registeredDiscount }))
      .catch(() => apply({ registeredDiscount: null }));
    getAccumulatedAmount(place)
      .then((answer) => apply({ accumulatedAmount: answer.setting.accumulatedUserAmount }))
      .catch(() => apply({ accumulatedAmount: 0 }));
    queryClient
      .ensureQueryData(placeQueryOptions(place))
      .then((info) => (info.functionality_modules.includes('payments') ? getPaymentInstruments(place) : []))
      .then((paymentInstruments) => apply({ paymentInstruments }))
      .catch((error: unknown) => {
        apply({ paymentInstruments: [] });
        if (error instanceof ApiRequestError && error.status === 401) endSession('session_expired');
      });
    return () => {
      cancelled = true;
    };
  }, [token, userId, place, revision, queryClient]);
}

/** For tests: forget the start-up validation. */
export function resetAccountSessionForTests(): void {
  validatedToken = null;
}
