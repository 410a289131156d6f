/**
 * `/{place}/staff/tables`: tables and rooms with their QR codes (designed). PLACE_ADMIN and above manage them; a waiter
 * sees and prints them (issue 24), nothing more.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffShell } from '../../features/staff/components/staff-shell.tsx';
import { TablesAdmin } from '../../features/staff/components/tables-admin.tsx';
import { useStaffSession } from '../../features/staff/hooks/use-staff-session.ts';
import { hasAccess } from '@trapeza/domain/roles';
import { useStaffTexts } from '../../features/staff/hooks/use-staff-texts.ts';
import { useLang } from '../../hooks/use-lang.ts';
import { usePlaceSlug } from '../../hooks/use-place-slug.ts';

export function Component() {
  useStaffTexts();
  const { t } = useTranslation();
  const place = usePlaceSlug();
  const lang = useLang();
  const title = t('staff.tables.title');
  const session = useStaffSession();
  const manage = hasAccess(session.role, 'PLACE_ADMIN');
  useEffect(() => {
    document.title = `${title} · ${place}`;
  }, [title, place]);
  return (
    <StaffShell place={place} required="WAITER" title={title}>
      {(_token, signOut) => (
        <TablesAdmin place={place} lang={lang} onUnauthorized={() => signOut(true)} readOnly={!manage} />
      )}
    </StaffShell>
  );
}
