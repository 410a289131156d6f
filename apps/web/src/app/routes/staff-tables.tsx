/** `/{place}/staff/tables`: tables and rooms with their QR codes, for PLACE_ADMIN and above (designed). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffShell } from '../../features/staff/components/staff-shell.tsx';
import { TablesAdmin } from '../../features/staff/components/tables-admin.tsx';
import { useStaffTexts } from '../../features/staff/hooks/use-staff-texts.ts';
import { useLang } from '../../hooks/use-lang.ts';
import { usePlaceSlug } from '../../hooks/use-place-slug.ts';

export function Component() {
  useStaffTexts();
  const { t } = useTranslation();
  const place = usePlaceSlug();
  const lang = useLang();
  const title = t('staff.tables.title');
  useEffect(() => {
    document.title = `${title} · ${place}`;
  }, [title, place]);
  return (
    <StaffShell place={place} required="PLACE_ADMIN" title={title}>
      {(_token, signOut) => <TablesAdmin place={place} lang={lang} onUnauthorized={() => signOut(true)} />}
    </StaffShell>
  );
}
