/**
 * The /admin frame: sign-in when needed, then a side bar (the venue switcher and the areas in named groups) beside
 * the page, which opens with its breadcrumbs and title. Until a venue is chosen the page is the venue picker; the
 * areas render only once one is chosen, so each call names it. Toasts and the confirm dialog live here once.
 */
import {
  Suspense,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { ConfirmHost } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { SidebarNav, type SidebarGroup } from '../../../components/ui/sidebar-nav.tsx';
import { ToastRegion } from '../../../components/ui/toast.tsx';
import { confirmLeave, hasUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { adminPlacesQuery } from '../api/places.ts';
import { useAdminPlaceStore } from '../hooks/admin-place-store.ts';
import { adminLogout, useAdminSession } from '../hooks/use-admin-session.ts';
import { useAdminTexts } from '../hooks/use-admin-texts.ts';
import { canEditClientBrand } from '@trapeza/domain/staff-admin';
import { AdminLogin } from './admin-login.tsx';
import s from './admin.module.css';

/** The areas in the side bar's groups, in order. */
const GROUPS = {
  venue: ['home', 'menu', 'settings', 'zones', 'promotions'],
  operations: ['orders', 'printers', 'payments', 'tables', 'devices'],
  insights: ['reports', 'audit'],
  team: ['users', 'brand'],
} as const;
type Area = (typeof GROUPS)[keyof typeof GROUPS][number];

/** Below this width the side bar is a drawer behind a menu button (admin.module.css says the same). */
const PHONE_QUERY = '(max-width: 700px)';

function usePhone(): boolean {
  const [phone, setPhone] = useState(
    () => typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches,
  );
  useEffect(() => {
    const mq = window.matchMedia(PHONE_QUERY);
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return phone;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex="0"]';

/** The page title of an area: its own where the area has a longer one, else its side-bar name. */
const TITLE_KEYS: Partial<Record<Area, string>> = { home: 'home.title', payments: 'payments.title' };

export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useAdminTexts();
  const { token, user, allowed } = useAdminSession();
  const places = useQuery(adminPlacesQuery(allowed ? token : null));
  const place = useAdminPlaceStore((st) => st.place);
  const choose = useAdminPlaceStore((st) => st.choose);
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const area = pathname.split('/')[2] as Area | undefined;
  // On a phone the side bar is a drawer: a modal dialog while open (focus kept inside, Escape closes), and the
  // focus goes back to the menu button that opened it.
  const phone = usePhone();
  // Open on the page it was opened on: the admin's move to another page (a link, back or forward) closes it; the
  // console's own redirect (a replace, such as /admin → /admin/home once the venues are loaded) keeps it open on
  // the page it lands on, so a drawer opened while the console loads does not close under the admin's finger.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const navigationType = useNavigationType();
  if (drawerPath !== null && drawerPath !== pathname)
    setDrawerPath(navigationType === NavigationType.Replace ? pathname : null);
  const drawer = drawerPath === pathname && phone;
  const menuButton = useRef<HTMLButtonElement>(null);
  const aside = useRef<HTMLElement>(null);
  const closeDrawer = () => {
    setDrawerPath(null);
    menuButton.current?.focus();
  };
  useEffect(() => {
    if (drawer) aside.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [drawer]);
  const onDrawerKey = (e: KeyboardEvent<HTMLElement>) => {
    if (!drawer) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      closeDrawer();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = [...(aside.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  const pageTitle = area ? t(TITLE_KEYS[area] ?? `nav.${area}`, { defaultValue: '' }) : '';

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${t('shell.title')}` : t('shell.title');
  }, [t, pageTitle]);

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

  const leaveTexts = {
    title: t('shell.unsaved.title'),
    message: t('shell.unsaved.message'),
    confirmLabel: t('shell.unsaved.leave'),
    cancelLabel: t('shell.unsaved.stay'),
    danger: true,
  };

  async function onChoose(value: string) {
    if (!(await confirmLeave(leaveTexts))) return;
    const p = places.data?.find((x) => `${x.client.slug}/${x.slug}` === value);
    choose(p ? { slug: p.slug, clientSlug: p.client.slug, name: p.name } : null);
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  }

  function onNavigate(e: MouseEvent<HTMLAnchorElement>, to: string) {
    if (!hasUnsavedChanges() || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    void confirmLeave(leaveTexts).then((ok) => ok && navigate(to));
  }

  const groups: SidebarGroup[] = place
    ? Object.entries(GROUPS).map(([group, areas]) => ({
        title: t(`shell.groups.${group}`),
        items: (areas as readonly Area[])
          .filter((a) => a !== 'brand' || canEditClientBrand(user.role))
          .map((a) =>
            // The tables and their printable QR sheet live on the staff screens (issue 24: reachable from here).
            a === 'tables'
              ? { to: `/${place.slug}/staff/tables`, label: t('nav.tables') }
              : { to: `/admin/${a}`, label: t(`nav.${a}`), current: area === a },
          ),
      }))
    : [];
  const switcherValue = place ? `${place.clientSlug}/${place.slug}` : '';

  return (
    <div className={s.shell}>
      <a className={s.skip} href="#admin-main">
        {t('shell.skip')}
      </a>
      <div className={s.phoneBar}>
        <button
          ref={menuButton}
          type="button"
          className={s.menuButton}
          aria-expanded={drawer}
          aria-controls="admin-sidebar"
          onClick={() => setDrawerPath(pathname)}
        >
          <span aria-hidden="true">☰</span> {t('shell.openMenu')}
        </button>
        <span className={s.phoneTitle}>{place?.name ?? t('shell.title')}</span>
      </div>
      {drawer && <div className={s.backdrop} aria-hidden="true" onClick={closeDrawer} />}
      <aside
        ref={aside}
        id="admin-sidebar"
        className={s.sidebar}
        data-open={drawer || undefined}
        onKeyDown={onDrawerKey}
        {...(drawer ? { role: 'dialog', 'aria-modal': true, 'aria-label': t('shell.navigation') } : {})}
      >
        <div className={s.sidebarHead}>
          <span className={s.brand}>
            {t('shell.title')}
            {drawer && (
              <button type="button" className={s.drawerClose} onClick={closeDrawer}>
                {t('common.close')}
              </button>
            )}
          </span>
          {places.data && places.data.length > 0 && (
            <label className={s.switcher}>
              <span>{t('shell.place')}</span>
              <Select
                aria-label={t('shell.place')}
                value={switcherValue}
                onValueChange={(v) => void onChoose(v)}
                options={[
                  { value: '', label: t('shell.choosePlace') },
                  ...places.data.map((p) => ({
                    value: `${p.client.slug}/${p.slug}`,
                    label: `${p.name} (${p.client.name})${p.active ? '' : ` — ${t('common.inactive')}`}`,
                  })),
                ]}
              />
            </label>
          )}
        </div>
        {place && <SidebarNav label={t('shell.navigation')} groups={groups} onNavigate={onNavigate} />}
        <div className={s.sidebarFoot}>
          {place && (
            <a href={`/${place.slug}`} target="_blank" rel="noreferrer">
              {t('shell.openGuest')} ↗
            </a>
          )}
          <span className={s.userEmail} title={user.email}>
            {user.email}
          </span>
          <button type="button" className={s.btnGhost} onClick={adminLogout}>
            {t('shell.logout')}
          </button>
        </div>
      </aside>
      <main className={s.main} id="admin-main">
        {places.isPending ? (
          <PageLoading />
        ) : places.error ? (
          <ErrorMessage error={places.error} onRetry={() => void places.refetch()} />
        ) : !place ? (
          <>
            <PageHeader
              title={t('shell.choosePlace')}
              crumbs={[{ label: t('shell.title') }]}
              crumbsLabel={t('shell.breadcrumbs')}
            />
            {places.data.length === 0 ? (
              <p className={s.card}>{t('shell.noPlaces')}</p>
            ) : (
              <ul className={s.venueGrid} aria-label={t('shell.venues')}>
                {places.data.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      className={s.venueCard}
                      onClick={() => void onChoose(`${p.client.slug}/${p.slug}`)}
                    >
                      <span className={s.venueInitial} aria-hidden="true">
                        {p.name.slice(0, 1).toUpperCase()}
                      </span>
                      <span className={s.venueText}>
                        <strong>{p.name}</strong>
                        <span>
                          {p.client.name}
                          {p.active ? '' : ` · ${t('common.inactive')}`}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <>
            <PageHeader
              title={pageTitle}
              crumbsLabel={t('shell.breadcrumbs')}
              crumbs={[
                { label: t('shell.title'), to: '/admin/home' },
                { label: place.name, to: '/admin/home' },
                { label: pageTitle },
              ]}
            />
            <Suspense fallback={<PageLoading />}>
              <div key={`${place.clientSlug}/${place.slug}`}>{children}</div>
            </Suspense>
          </>
        )}
      </main>
      <ToastRegion label={t('shell.notifications')} closeLabel={t('common.close')} />
      <ConfirmHost />
    </div>
  );
}
