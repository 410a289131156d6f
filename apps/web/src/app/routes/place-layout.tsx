/**
 * Layout of every `/{place}/…` route: theme, top menu bar, footer, welcome banner. Remembers the opened place
 * (cookie, 8760 h) and clears the cart when a different place is opened (spec §4). Unknown place → /404.
 */
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CartToast } from '../../features/cart/components/cart-toast.tsx';
import { PlaceFooter } from '../../features/place/components/place-footer.tsx';
import { PlaceHeader } from '../../features/place/components/place-header.tsx';
import { themeStyle } from '../../features/place/components/theme.ts';
import { WelcomeBanner } from '../../features/place/components/welcome-banner.tsx';
import { AllergenFilterButton } from '../../features/preferences/components/allergen-filter.tsx';
import { LanguageChooser } from '../../features/preferences/components/language-chooser.tsx';
import { ErrorMessage } from '../../components/ui/error-message.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useMenu } from '../../hooks/use-menu.ts';
import { usePlaceSlug } from '../../hooks/use-place-slug.ts';
import { useVenue } from '../../hooks/use-venue.ts';
import { isNotFound } from '../../lib/api-client.ts';
import { useCartCount, useCartStore } from '../../stores/cart-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';

function placeTitle(name: string | null, slug: string): string {
  return name ?? slug.charAt(0).toUpperCase() + slug.slice(1);
}

function PlaceShell() {
  const venue = useVenue();
  const menu = useMenu();
  const cartCount = useCartCount();
  const { ui, place, lang } = venue;
  const title = placeTitle(ui.placeName, place);
  return (
    <div
      className="place"
      data-theme={ui.theme}
      data-subtheme={ui.subTheme}
      data-white={ui.whiteBackground ? '' : undefined}
      data-lighter-bg={ui.lighterBackgroundImage ? '' : undefined}
      style={themeStyle(ui)}
    >
      <PlaceHeader
        place={place}
        title={title}
        logo={ui.logo}
        cartCount={cartCount}
        tools={
          <>
            <AllergenFilterButton allergens={menu.allergens} lang={lang} />
            <LanguageChooser current={lang} />
          </>
        }
      />
      <main id="main" className="place-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {ui.showFooter && <PlaceFooter place={place} ui={ui} />}
      {ui.welcomeBanner.enabled && (
        <WelcomeBanner place={place} title={title} text={ui.welcomeBanner.text} image={ui.welcomeBanner.image} />
      )}
      <CartToast lang={lang} />
    </div>
  );
}

export function Component() {
  const place = usePlaceSlug();
  const { t } = useTranslation();
  useEffect(() => {
    const session = useSessionStore.getState();
    if (session.placeSlug && session.placeSlug !== place) useCartStore.getState().clear();
    if (session.placeSlug !== place) session.setPlace(place);
  }, [place]);
  return (
    <>
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <Suspense fallback={<PageLoading />}>
        <PlaceShell />
      </Suspense>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isNotFound(error)) return <Navigate to="/404" replace />;
  return (
    <main className="page">
      <ErrorMessage error={error} onRetry={() => window.location.reload()} />
    </main>
  );
}
