/**
 * /platform/invite/:token, an invitation's page: its own route (not a child of `/platform/*`), because React Router
 * ranks `/:place/:catSlug/:prodSlug` above a static segment and a splat, so the guest product route took the
 * three-segment invitation links and answered 404. Its texts load with the platform console's (one chunk).
 */
import { useParams } from 'react-router';
import { useFeatureTranslations } from '../../i18n/feature-bundles.ts';
import { InvitePage } from '../../features/platform/components/invite-page.tsx';
import { platformBundle } from '../../features/platform/i18n/loaders.ts';

export function Component() {
  useFeatureTranslations('platform', platformBundle);
  const { token = '' } = useParams();
  return <InvitePage token={token} />;
}
