/** /admin/users */
import { UsersPage } from '../../features/admin/components/users-page.tsx';

export function Component() {
  return <UsersPage />;
}
