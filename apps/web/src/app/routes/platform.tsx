/**
 * /platform (the platform console): a lazy route, so no guest or admin page loads a byte of it; its texts load with
 * it (features/platform/i18n). The invitation page /platform/invite/:token is a route of its own
 * (platform-invite.tsx).
 */
import { useFeatureTranslations } from '../../i18n/feature-bundles.ts';
import { PlatformConsole } from '../../features/platform/components/platform-console.tsx';
import { platformBundle } from '../../features/platform/i18n/loaders.ts';

export function Component() {
  useFeatureTranslations('platform', platformBundle);
  return <PlatformConsole />;
}
