/**
 * /platform (the platform console) and /platform/invite/:token (an invitation's page): one lazy route, so no guest
 * or admin page loads a byte of it; its texts load with it (features/platform/i18n).
 */
import { Route, Routes, useParams } from 'react-router';
import { useFeatureTranslations } from '../../i18n/feature-bundles.ts';
import { InvitePage } from '../../features/platform/components/invite-page.tsx';
import { PlatformConsole } from '../../features/platform/components/platform-console.tsx';
import { platformBundle } from '../../features/platform/i18n/loaders.ts';

function Invite() {
  const { token = '' } = useParams();
  return <InvitePage token={token} />;
}

export function Component() {
  useFeatureTranslations('platform', platformBundle);
  return (
    <Routes>
      <Route index element={<PlatformConsole />} />
      <Route path="invite/:token" element={<Invite />} />
      <Route path="*" element={<PlatformConsole />} />
    </Routes>
  );
}
