/** `/{place}/confirm-email?token=…`: the page of the link mailed at registration (accounts README). */
import { ConfirmEmailView } from '../../features/account/components/confirm-email-view.tsx';

export function Component() {
  return <ConfirmEmailView />;
}
