/** `/{place}/staff/bookings`: the day and week view of bookings for WAITER and above (designed; issue 10). */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { nowOnBookingAxis } from '@trapeza/domain/booking';
import { settingsQueryOptions } from '../../api/get-settings.ts';
import { BookingsView } from '../../features/staff/components/bookings-view.tsx';
import { StaffShell } from '../../features/staff/components/staff-shell.tsx';
import { useStaffTexts } from '../../features/staff/hooks/use-staff-texts.ts';
import { useLang } from '../../hooks/use-lang.ts';
import { usePlaceSlug } from '../../hooks/use-place-slug.ts';

export function Component() {
  useStaffTexts();
  const { t } = useTranslation();
  const place = usePlaceSlug();
  const lang = useLang();
  const title = t('staff.bookings.title');
  useEffect(() => {
    document.title = `${title} · ${place}`;
  }, [title, place]);
  // "Today" is the venue's date (its time zone setting), not the tablet's.
  const settings = useQuery(settingsQueryOptions(place));
  const timeZone = settings.data?.time_zone?.value || undefined;
  return (
    <StaffShell place={place} required="WAITER" title={title}>
      {(token, signOut) =>
        settings.isPending ? (
          <p>{t('staff.board.loading')}</p>
        ) : (
          <BookingsView
            place={place}
            token={token}
            lang={lang}
            today={nowOnBookingAxis(new Date(), timeZone).date}
            onUnauthorized={() => signOut(true)}
          />
        )
      }
    </StaffShell>
  );
}
