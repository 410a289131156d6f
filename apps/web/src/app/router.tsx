/**
 * The routes of spec §2, each route module its own chunk (React.lazy). Declarative routes rather than the data
 * router: the data router adds ~16 KB gzip to every first visit, which the 120 KB budget of /bistro cannot afford;
 * the place layout starts the place's data requests itself, in parallel, before anything suspends.
 */
import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { loadPageTexts } from '../i18n/i18n.ts';
import { RootLayout } from './root-layout.tsx';
import { Redirect } from './redirect.tsx';

/**
 * A route module exports `Component` (one file per route, as React Router's route modules do). Its chunk and the
 * later screens' texts (i18n/pages) load together.
 */
function route(load: () => Promise<{ Component: ComponentType }>, rendered?: 'server-rendered') {
  const loadRoute = () => Promise.all([load(), loadPageTexts()]).then(([m]) => ({ default: m.Component }));
  if (rendered) serverRouteLoaders.push(loadRoute);
  return lazy(loadRoute);
}

/** The first screen of /{place}: its texts are in the shared bundle already. */
function firstScreenRoute(load: () => Promise<{ Component: ComponentType }>) {
  const loadRoute = () => load().then((m) => ({ default: m.Component }));
  serverRouteLoaders.push(loadRoute);
  return lazy(loadRoute);
}

const serverRouteLoaders: (() => Promise<unknown>)[] = [];

/**
 * Loads the module and texts of every route the server renders — the place layout and home, a QR scan's page, a
 * category, a product, search, "all", about, the legal pages and an order's tracking (marked 'server-rendered'
 * here; the server's list is SERVER_RENDERED_ROUTES in apps/server/src/plugins/web-first-screen.ts) — so a render's
 * time-out counts rendering only, never a cold import. The server renderer calls it once per process before its first
 * render; the consoles (admin, platform, staff) and the guest's other screens are never rendered there and are not
 * loaded (issue 17). The browser never calls it.
 */
export function loadServerRenderedRoutes(): Promise<unknown> {
  return Promise.all(serverRouteLoaders.map((load) => load()));
}

const Landing = route(() => import('./routes/landing.tsx'));
const NotFound = route(() => import('./routes/not-found.tsx'));
const Join = route(() => import('./routes/join.tsx'));
const ThankYou = route(() => import('./routes/thank-you.tsx'));
const CloseBrowserApp = route(() => import('./routes/close-browser-app.tsx'));
const PlaceLayout = firstScreenRoute(() => import('./routes/place-layout.tsx'));
const PlaceHome = firstScreenRoute(() => import('./routes/place-home.tsx'));
const TableEntry = route(() => import('./routes/table-entry.tsx'), 'server-rendered');
const Search = route(() => import('./routes/search.tsx'), 'server-rendered');
const All = route(() => import('./routes/all.tsx'), 'server-rendered');
const About = route(() => import('./routes/about.tsx'), 'server-rendered');
const Gallery = route(() => import('./routes/gallery.tsx'));
const Promotions = route(() => import('./routes/promotions.tsx'));
const CustomTerms = route(() => import('./routes/custom-terms.tsx'), 'server-rendered');
const Terms = route(() => import('./routes/terms.tsx'), 'server-rendered');
const PrivacyPolicy = route(() => import('./routes/privacy-policy.tsx'), 'server-rendered');
const RefundPolicy = route(() => import('./routes/refund-policy.tsx'), 'server-rendered');
const Reservations = route(() => import('./routes/reservations.tsx'));
const Category = route(() => import('./routes/category.tsx'), 'server-rendered');
const Product = route(() => import('./routes/product.tsx'), 'server-rendered');
const Feedback = route(() => import('./routes/feedback.tsx'));
const Payment = route(() => import('./routes/payment.tsx'));
const Admin = route(() => import('./routes/admin.tsx'));
const Platform = route(() => import('./routes/platform.tsx'));
const PlatformInvite = route(() => import('./routes/platform-invite.tsx'));
const Profile = route(() => import('./routes/profile.tsx'));
const ProfileOrders = route(() => import('./routes/profile-orders.tsx'));
const OrderTracking = route(() => import('./routes/order-tracking.tsx'), 'server-rendered');
const ResetPassword = route(() => import('./routes/reset-password.tsx'));
const ConfirmEmail = route(() => import('./routes/confirm-email.tsx'));
const Staff = route(() => import('./routes/staff.tsx'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<Landing />} />
        <Route path="/404" element={<NotFound />} />
        <Route path="/join" element={<Join />} />
        <Route path="/thankyou" element={<ThankYou />} />
        <Route path="/close-browser-app" element={<CloseBrowserApp />} />
        <Route path="/admin/*" element={<Admin />} />
        <Route path="/platform/*" element={<Platform />} />
        {/* Its own route: a `/platform/*` child would lose to the guest `/:place/:catSlug/:prodSlug`. */}
        <Route path="/platform/invite/:token" element={<PlatformInvite />} />
        {/* Staff screens (board, tables) sit beside the place layout (no guest chrome), before its `:catSlug`. */}
        <Route path="/:place/staff/*" element={<Staff />} />
        <Route path="/:place" element={<PlaceLayout />}>
          <Route index element={<PlaceHome />} />
          <Route path="t/:token" element={<TableEntry />} />
          <Route path="search" element={<Search />} />
          <Route path="all" element={<All />} />
          <Route path="about" element={<About />} />
          <Route path="gallery" element={<Gallery />} />
          {/* The promotions screen is `offers`: `/:place/promotions` would outrank `/admin/*` for the admin's own
              `/admin/promotions` (React Router ranks a static second segment above a splat). */}
          <Route path="offers" element={<Promotions />} />
          <Route path="custom-terms" element={<CustomTerms />} />
          <Route path="terms" element={<Terms />} />
          <Route path="privacy-policy" element={<PrivacyPolicy />} />
          <Route path="refund-policy" element={<RefundPolicy />} />
          {/* Booking, and the cancel link of its confirmation e-mail (?booking=&token=). */}
          <Route path="reservations" element={<Reservations />} />
          <Route path="payment" element={<Payment />} />
          <Route path="feedback" element={<Feedback />} />
          <Route path="profile" element={<Profile />} />
          <Route path="profile/orders" element={<ProfileOrders />} />
          {/* A delivery or pickup order's tracking page (issue 24 #6), by its unguessable tracking key. */}
          <Route path="order/:trackingToken" element={<OrderTracking />} />
          <Route path="reset-password" element={<ResetPassword />} />
          <Route path="confirm-email" element={<ConfirmEmail />} />
          {/* `/{place}/about-{product}` cannot be a partial segment; the category route hands `about-…` on. */}
          <Route path=":catSlug" element={<Category />} />
          <Route path=":catSlug/:prodSlug" element={<Product />} />
        </Route>
        <Route path="*" element={<Redirect to="/404" />} />
      </Route>
    </Routes>
  );
}
