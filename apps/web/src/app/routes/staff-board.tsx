/** `/{place}/staff`: the live order board for WAITER and above (designed; the spec's staff screens are "not shown"). */
import { useTranslation } from 'react-i18next';
import { StaffBoard } from '../../features/staff/components/staff-board.tsx';
import { StaffShell } from '../../features/staff/components/staff-shell.tsx';
import { useStaffTexts } from '../../features/staff/hooks/use-staff-texts.ts';
import { useLang } from '../../hooks/use-lang.ts';
import { usePlaceSlug } from '../../hooks/use-place-slug.ts';

export function Component() {
  useStaffTexts();
  const { t } = useTranslation();
  const place = usePlaceSlug();
  const lang = useLang();
  const title = `${t('staff.board.title')} · ${place}`;
  return (
    <StaffShell place={place} required="WAITER" title={t('staff.board.title')}>
      {(token, signOut) => (
        <StaffBoard
          place={place}
          token={token}
          lang={lang}
          title={title}
          onUnauthorized={() => signOut(true)}
        />
      )}
    </StaffShell>
  );
}
