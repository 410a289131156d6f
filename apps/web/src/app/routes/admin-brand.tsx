/** /admin/brand */
import { BrandPage } from '../../features/admin/components/brand-page.tsx';

export function Component() {
  return <BrandPage />;
}
