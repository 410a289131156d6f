/** /admin/menu */
import { MenuEditor } from '../../features/admin/components/menu-editor.tsx';

export function Component() {
  return <MenuEditor />;
}
