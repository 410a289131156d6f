/** /admin/zones */
import { ZonesPage } from '../../features/admin/components/zones-page.tsx';

export function Component() {
  return <ZonesPage />;
}
