/** /admin/promotions */
import { PromotionsPage } from '../../features/admin/components/promotions-page.tsx';

export function Component() {
  return <PromotionsPage />;
}
