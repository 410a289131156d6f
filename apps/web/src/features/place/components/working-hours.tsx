/** Working hours per weekday (spec §5 format, Monday first), in the guest's language. */
import { useTranslation } from 'react-i18next';
import { formatClockTime, WEEKDAYS } from '@trapeza/domain/dates';
import type { WorkingHours as Hours } from '@trapeza/domain/hours';

const LOCALES: Record<string, string> = {
  bg: 'bg-BG',
  en: 'en-GB',
  es: 'es-ES',
  de: 'de-DE',
  'fr-CH': 'fr-CH',
};

function weekdayName(day: number, lang: string): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, day, 12));
  return new Intl.DateTimeFormat(LOCALES[lang] ?? lang, { weekday: 'long', timeZone: 'UTC' }).format(date);
}

export function WorkingHoursTable({
  hours,
  lang,
  labelledBy,
}: {
  hours: Hours;
  lang: string;
  /** The id of a visible heading naming the table: then no caption of its own ("Öffnungszeiten" twice, issue 24). */
  labelledBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <table className="hours" aria-labelledby={labelledBy}>
      {!labelledBy && <caption className="visually-hidden">{t('about.workingHours')}</caption>}
      <tbody>
        {WEEKDAYS.map((d) => (
          <tr key={d}>
            <th scope="row">{weekdayName(d, lang)}</th>
            <td>
              {hours[d].length === 0
                ? t('about.closed')
                : hours[d]
                    .map((r) => `${formatClockTime(r.from)}–${formatClockTime(r.to % 1440)}`)
                    .join(', ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
