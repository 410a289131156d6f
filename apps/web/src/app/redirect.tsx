import { Navigate } from 'react-router';

/**
 * `<Navigate to={to} replace />` in the browser. In the server renderer (src/entry-server.tsx) a redirect renders
 * nothing: the page then names no title, so the server sends it unrendered and the browser redirects — StaticRouter
 * cannot navigate and would warn on every such request (an unknown category or product).
 */
export function Redirect({ to }: { to: string }) {
  if (import.meta.env.SSR) return null;
  return <Navigate to={to} replace />;
}
