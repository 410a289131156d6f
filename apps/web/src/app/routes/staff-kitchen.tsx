/** `/{place}/staff/kitchen`: the kitchen wall screen for WAITER and above (designed; issue 8). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { KitchenView } from '../../features/staff/components/kitchen-view.tsx';
import { StaffShell } from '../../features/staff/components/staff-shell.tsx';
import { useStaffTexts } from '../../features/staff/hooks/use-staff-texts.ts';
import { usePlaceSlug } from '../../hooks/use-place-slug.ts';

export function Component() {
  useStaffTexts();
  const { t } = useTranslation();
  const place = usePlaceSlug();
  const title = t('staff.kitchen.title');
  useEffect(() => {
    document.title = `${title} · ${place}`;
  }, [title, place]);
  return (
    <StaffShell place={place} required="WAITER" title={title}>
      {(token, signOut) => <KitchenView place={place} token={token} onUnauthorized={() => signOut(true)} />}
    </StaffShell>
  );
}
