/** /admin/reports */
import { ReportsPage } from '../../features/admin/components/reports-page.tsx';

export function Component() {
  return <ReportsPage />;
}
