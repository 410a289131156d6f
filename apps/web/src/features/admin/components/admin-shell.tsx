/**
 * The /admin frame: sign-in when needed, the place chooser (places in the user's reach, GET admin/places) and the
 * navigation between the areas. The areas render only once a place is chosen, so each call names it.
 */
import { Suspense, useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { adminPlacesQuery } from '../api/places.ts';
import { useAdminPlaceStore } from '../hooks/admin-place-store.ts';
import { adminLogout, useAdminSession } from '../hooks/use-admin-session.ts';
import { useAdminTexts } from '../hooks/use-admin-texts.ts';
import { canEditClientBrand } from '@trapeza/domain/staff-admin';
import { AdminLogin } from './admin-login.tsx';
import s from './admin.module.css';

const AREAS = [
  'home',
  'menu',
  'settings',
  'zones',
  'promotions',
  'printers',
  'payments',
  'reports',
  'users',
  'brand',
  'audit',
] as const;

export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useAdminTexts();
  const { token, user, allowed } = useAdminSession();
  const places = useQuery(adminPlacesQuery(allowed ? token : null));
  const place = useAdminPlaceStore((st) => st.place);
  const choose = useAdminPlaceStore((st) => st.choose);
  const queryClient = useQueryClient();
  // Link + aria-current rather than NavLink: NavLink would add its code to the guest entry chunk.
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = t('shell.title');
  }, [t]);

  // A place kept from another account (or removed) is dropped; a single place is chosen for the admin.
  useEffect(() => {
    if (!places.data) return;
    const still =
      place && places.data.find((p) => p.slug === place.slug && p.client.slug === place.clientSlug);
    if (!still && place) choose(null);
    if (!place && places.data.length === 1) {
      const only = places.data[0]!;
      choose({ slug: only.slug, clientSlug: only.client.slug, name: only.name });
    }
  }, [places.data, place, choose]);

  const unauthorized = places.error instanceof ApiRequestError && places.error.status === 401;
  useEffect(() => {
    if (unauthorized) adminLogout();
  }, [unauthorized]);

  if (!token || !user || !allowed)
    return <AdminLogin forbidden={token !== null && user !== null && !allowed} />;

  function onChoose(value: string) {
    const p = places.data?.find((x) => `${x.client.slug}/${x.slug}` === value);
    choose(p ? { slug: p.slug, clientSlug: p.client.slug, name: p.name } : null);
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  }

  return (
    <div className={s.shell}>
      <header className={s.topbar}>
        <span className={s.brand}>{t('shell.title')}</span>
        <label className={s.row}>
          <span>{t('shell.place')}</span>
          <select
            aria-label={t('shell.place')}
            value={place ? `${place.clientSlug}/${place.slug}` : ''}
            onChange={(e) => onChoose(e.target.value)}
          >
            <option value="">{t('shell.choosePlace')}</option>
            {places.data?.map((p) => (
              <option key={p.id} value={`${p.client.slug}/${p.slug}`}>
                {p.name} ({p.client.name}){p.active ? '' : ` — ${t('common.inactive')}`}
              </option>
            ))}
          </select>
        </label>
        {place && (
          <a href={`/${place.slug}`} target="_blank" rel="noreferrer" style={{ color: '#fff' }}>
            {t('shell.openGuest')}
          </a>
        )}
        <span>{user.email}</span>
        <button type="button" className={s.btnGhost} onClick={adminLogout}>
          {t('shell.logout')}
        </button>
      </header>
      {place && (
        <nav className={s.nav} aria-label={t('shell.navigation')}>
          {AREAS.filter((area) => area !== 'brand' || canEditClientBrand(user.role)).map((area) => (
            <Link
              key={area}
              to={`/admin/${area}`}
              aria-current={pathname.startsWith(`/admin/${area}`) ? 'page' : undefined}
            >
              {t(`nav.${area}`)}
            </Link>
          ))}
          {/* The tables and their printable QR sheet live on the staff screens (issue 24: reachable from here). */}
          <Link to={`/${place.slug}/staff/tables`}>{t('nav.tables')}</Link>
        </nav>
      )}
      <main className={s.main}>
        {places.isPending ? (
          <PageLoading />
        ) : places.error ? (
          <ErrorMessage error={places.error} onRetry={() => void places.refetch()} />
        ) : !place ? (
          <div className={s.card}>
            <h1>{t('shell.choosePlace')}</h1>
            {places.data.length === 0 ? (
              <p>{t('shell.noPlaces')}</p>
            ) : (
              <ul>
                {places.data.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      className={s.btnGhost}
                      onClick={() => onChoose(`${p.client.slug}/${p.slug}`)}
                    >
                      {p.name} ({p.client.name})
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <Suspense fallback={<PageLoading />}>
            <div key={`${place.clientSlug}/${place.slug}`}>{children}</div>
          </Suspense>
        )}
      </main>
    </div>
  );
}
