/** /admin/devices */
import { DevicesPage } from '../../features/admin/components/devices-page.tsx';

export function Component() {
  return <DevicesPage />;
}
