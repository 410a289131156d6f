/**
 * `/{place}/staff/*`: the staff screens (designed; the spec's staff screens are "not shown"). One lazy entry in
 * the app router keeps the guest bundle's share of them to a single route; the screens are lazy chunks again.
 */
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';

const Board = lazy(() => import('./staff-board.tsx').then((m) => ({ default: m.Component })));
const Tables = lazy(() => import('./staff-tables.tsx').then((m) => ({ default: m.Component })));
const Bookings = lazy(() => import('./staff-bookings.tsx').then((m) => ({ default: m.Component })));
const Kitchen = lazy(() => import('./staff-kitchen.tsx').then((m) => ({ default: m.Component })));

export function Component() {
  return (
    <Routes>
      <Route index element={<Board />} />
      <Route path="tables" element={<Tables />} />
      <Route path="bookings" element={<Bookings />} />
      <Route path="kitchen" element={<Kitchen />} />
      <Route path="*" element={<Navigate to="." replace />} />
    </Routes>
  );
}
