/**
 * Layout of every `/{place}/…` route: theme, top menu bar, footer, welcome banner. Starts the place's data
 * requests in parallel before anything suspends, remembers the opened place (cookie, 8760 h) and clears the cart
 * when a different place is opened (spec §4). Unknown place → /404.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePrefetchQuery, useQuery, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { categoriesHierarchyQueryOptions } from '../../api/get-categories-hierarchy.ts';
import { productsQueryOptions } from '../../api/get-products.ts';
import { placeQueryOptions } from '../../api/get-place.ts';
import { settingsQueryOptions } from '../../api/get-settings.ts';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { ErrorMessage } from '../../components/ui/error-message.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { PlaceHeader, ToolSlot } from '../../features/place/components/place-header.tsx';
import { themeStyle } from '../../features/place/components/theme.ts';
import { loadCart } from '../../hooks/use-cart-after-load.ts';
import { useMenu } from '../../hooks/use-menu.ts';
import { usePlaceSlug } from '../../hooks/use-place-slug.ts';
import { applyFirstVisitLanguage } from '../../i18n/i18n.ts';
import { useVenue } from '../../hooks/use-venue.ts';
import { isNotFound } from '../../lib/api-client.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { loadCartScreens } from '../cart-screens.ts';
import { Redirect } from '../redirect.tsx';

// Below-the-fold and on-demand parts load after the first screen.
const PlaceFooter = lazy(() =>
  import('../../features/place/components/place-footer.tsx').then((m) => ({ default: m.PlaceFooter })),
);
const WelcomeBanner = lazy(() =>
  import('../../features/place/components/welcome-banner.tsx').then((m) => ({ default: m.WelcomeBanner })),
);
const loadCartToast = () => import('../../features/cart/components/cart-toast.tsx');
const CartToast = lazy(() => loadCartToast().then((m) => ({ default: m.CartToast })));
// Accounts: the header's account button and, mounted once, the session keeper with the login modal (openLogin()).
const AccountMenu = lazy(() =>
  import('../../features/account/components/account-menu.tsx').then((m) => ({ default: m.AccountMenu })),
);
const AccountHost = lazy(() =>
  import('../../features/account/components/account-host.tsx').then((m) => ({ default: m.AccountHost })),
);
const LanguageChooser = lazy(() =>
  import('../../features/preferences/components/language-chooser.tsx').then((m) => ({
    default: m.LanguageChooser,
  })),
);
// At a table or in a room: "you are at table N", call the waiter and ask for the bill on every page.
const TableBar = lazy(() =>
  import('../../features/table/components/table-bar.tsx').then((m) => ({ default: m.TableBar })),
);
const AllergenFilterButton = lazy(() =>
  import('../../features/preferences/components/allergen-filter.tsx').then((m) => ({
    default: m.AllergenFilterButton,
  })),
);

/**
 * The allergen filter offers the allergens of the menu's products. A page that shows no products (about, legal, an
 * order's tracking) is sent without the menu (web-first-screen.ts) and the browser asks for it once live: until the
 * menu is there the button stands as it does with one (the server's HTML and the hydrating render alike), its panel
 * waiting for the menu; a menu without allergens then removes it. Nothing suspends here, so the layout and the
 * server's render wait for no menu.
 */
function AllergenTool({ lang }: { lang: string }) {
  const { place } = useVenue();
  const tree = useQuery(categoriesHierarchyQueryOptions(place)).data;
  const products = useQuery(productsQueryOptions(place)).data;
  if (!tree || !products) return <AllergenFilterButton allergens={null} lang={lang} />;
  return <AllergenToolOfMenu lang={lang} />;
}

function AllergenToolOfMenu({ lang }: { lang: string }) {
  const menu = useMenu();
  return <AllergenFilterButton allergens={menu.allergens} lang={lang} />;
}

/** usePrefetchQuery in the browser; nothing in the server build (a render never asks the API). */
const usePrefetchInBrowser: typeof usePrefetchQuery = import.meta.env.SSR ? () => {} : usePrefetchQuery;

function PlaceShell() {
  const venue = useVenue();
  const { ui, place, lang } = venue;
  const title = venue.name;
  const firstLanguage = venue.settings.first_init_lang;
  useEffect(() => applyFirstVisitLanguage(firstLanguage), [firstLanguage]);
  const atTable = useSessionStore((s) =>
    s.orderToken?.place === place && (s.orderToken.table != null || s.orderToken.room_number != null)
      ? s.orderToken
      : null,
  );
  return (
    <div
      className="place"
      data-theme={ui.theme}
      data-subtheme={ui.subTheme}
      data-white={ui.whiteBackground ? '' : undefined}
      data-lighter-bg={ui.lighterBackgroundImage ? '' : undefined}
      data-bg-image={ui.backgroundImage && !ui.whiteBackground ? '' : undefined}
      style={themeStyle(ui)}
    >
      <PlaceHeader
        place={place}
        title={title}
        logo={ui.logo}
        loadCartScreens={loadCartScreens}
        tools={
          <>
            {/* Two tools, two places held: the account and the cart do not move when they arrive. */}
            <Suspense
              fallback={
                <>
                  <ToolSlot />
                  <ToolSlot />
                </>
              }
            >
              <AllergenTool lang={lang} />
              <LanguageChooser current={lang} />
            </Suspense>
            <Suspense fallback={<ToolSlot />}>
              <AccountMenu place={place} />
            </Suspense>
          </>
        }
      />
      <main id="main" className="place-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        {ui.showFooter && (
          <PlaceFooter
            place={place}
            ui={ui}
            promotions={venue.info.functionality_modules.includes('promotions')}
            gallery={venue.info.functionality_modules.includes('gallery')}
          />
        )}
        {ui.welcomeBanner.enabled && (
          <WelcomeBanner
            place={place}
            title={title}
            text={ui.welcomeBanner.text}
            image={ui.welcomeBanner.image}
          />
        )}
        <CartToast lang={lang} />
      </Suspense>
      <div id="bottom-dock" className="bottom-dock">
        <Suspense fallback={null}>
          {atTable && (
            <TableBar
              place={place}
              token={atTable.token}
              table={atTable.table}
              room={atTable.room_number}
              loadCartScreens={loadCartScreens}
            />
          )}
        </Suspense>
      </div>
      <Suspense fallback={null}>
        <AccountHost place={place} />
      </Suspense>
    </div>
  );
}

export function Component() {
  const place = usePlaceSlug();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { reset } = useQueryErrorResetBoundary();
  // The first-screen requests start together here, not one after another as each suspends.
  usePrefetchQuery(settingsQueryOptions(place));
  usePrefetchQuery(placeQueryOptions(place));
  // The menu's in the browser only: a server render has what its page shows, and a page without products (about,
  // legal) is sent without the menu, which the browser asks for as it hydrates (the next page needs it).
  usePrefetchInBrowser(categoriesHierarchyQueryOptions(place));
  usePrefetchInBrowser(productsQueryOptions(place));
  useEffect(() => {
    const session = useSessionStore.getState();
    if (session.placeSlug && session.placeSlug !== place)
      void loadCart().then((cart) => cart.clearCart(place));
    if (session.placeSlug !== place) session.setPlace(place);
  }, [place]);
  return (
    <>
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <ErrorBoundary
        key={pathname}
        fallback={(error, resetBoundary) =>
          isNotFound(error) ? (
            <Redirect to="/404" />
          ) : (
            <main className="page">
              <ErrorMessage
                error={error}
                onRetry={() => {
                  reset();
                  resetBoundary();
                }}
              />
            </main>
          )
        }
      >
        <Suspense fallback={<PageLoading />}>
          <PlaceShell />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
