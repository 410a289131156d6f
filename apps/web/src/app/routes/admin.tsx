/**
 * /admin and its areas (issue "Admin console"). Every admin module is its own chunk behind this lazy route, so the
 * guest pages never load a byte of it; the map area (Leaflet) is split further.
 */
import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AdminShell } from '../../features/admin/components/admin-shell.tsx';

function area(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((m) => ({ default: m.Component })));
}

const Home = area(() => import('./admin-home.tsx'));
const Menu = area(() => import('./admin-menu.tsx'));
const Settings = area(() => import('./admin-settings.tsx'));
const Zones = area(() => import('./admin-zones.tsx'));
const Promotions = area(() => import('./admin-promotions.tsx'));
const Reports = area(() => import('./admin-reports.tsx'));
const Users = area(() => import('./admin-users.tsx'));
const Brand = area(() => import('./admin-brand.tsx'));
const Audit = area(() => import('./admin-audit.tsx'));
const Printers = area(() => import('./admin-printers.tsx'));
const Payments = area(() => import('./admin-payments.tsx'));
const Orders = area(() => import('./admin-orders.tsx'));
const Devices = area(() => import('./admin-devices.tsx'));

export function Component() {
  return (
    <AdminShell>
      <Routes>
        <Route index element={<Navigate to="home" replace />} />
        <Route path="home" element={<Home />} />
        <Route path="menu" element={<Menu />} />
        <Route path="settings" element={<Settings />} />
        <Route path="zones" element={<Zones />} />
        <Route path="promotions" element={<Promotions />} />
        <Route path="reports" element={<Reports />} />
        <Route path="users" element={<Users />} />
        <Route path="brand" element={<Brand />} />
        <Route path="audit" element={<Audit />} />
        <Route path="printers" element={<Printers />} />
        <Route path="payments" element={<Payments />} />
        <Route path="orders" element={<Orders />} />
        <Route path="devices" element={<Devices />} />
        <Route path="*" element={<Navigate to="home" replace />} />
      </Routes>
    </AdminShell>
  );
}
