/** `/{place}/profile` (spec §2): the guest's profile, or the login form when signed out. */
import { ProfileView } from '../../features/account/components/profile-view.tsx';

export function Component() {
  return <ProfileView />;
}
