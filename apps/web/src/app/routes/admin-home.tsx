/** /admin/home: the venue's go-live checklist */
import { GoLivePage } from '../../features/admin/components/go-live-page.tsx';

export function Component() {
  return <GoLivePage />;
}
