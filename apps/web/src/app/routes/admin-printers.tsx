/** /admin/printers */
import { PrintersPage } from '../../features/admin/components/printers-page.tsx';

export function Component() {
  return <PrintersPage />;
}
