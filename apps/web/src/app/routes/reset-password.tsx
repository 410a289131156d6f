/** `/{place}/reset-password?token=…`: the page of the e-mailed reset link (accounts README). */
import { ResetPasswordView } from '../../features/account/components/reset-password-view.tsx';

export function Component() {
  return <ResetPasswordView />;
}
