/** Working hours per weekday: closed, or one or two ranges from–to (spec §5). */
import { ChoiceCard } from '../../../components/ui/choice-card.tsx';
import { TimeField } from '../../../components/ui/date-time-field.tsx';
import { formatWeekHours, parseWeekHours, WEEKDAYS, type WeekHours } from '../lib/settings.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

export function WorkingHoursInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useAdminT();
  const week = parseWeekHours(value);
  const result = formatWeekHours(week);
  const update = (next: WeekHours) => {
    const formatted = formatWeekHours(next);
    // An unfinished range is kept as typed so the admin can complete it; the check shows what is missing.
    onChange(formatted.ok ? formatted.value : JSON.stringify(rawWeek(next)));
  };
  return (
    <table className={s.table} aria-label={t('settings.workingHours')}>
      <tbody>
        {WEEKDAYS.map((d) => {
          const day = week[d];
          const ranges: [string, string][] = [day.ranges[0] ?? ['', ''], day.ranges[1] ?? ['', '']];
          const setRange = (i: number, j: number, v: string) => {
            const next = ranges.map((r) => [...r] as [string, string]);
            next[i]![j] = v;
            update({
              ...week,
              [d]: { closed: false, ranges: next.filter(([a, b]) => a !== '' || b !== '') },
            });
          };
          return (
            <tr key={d}>
              <th>{t(`weekdays.${d}`)}</th>
              <td>
                <ChoiceCard
                  type="checkbox"
                  dense
                  label={t('settings.closed')}
                  checked={day.closed}
                  onChange={(e) =>
                    update({
                      ...week,
                      [d]: {
                        closed: e.target.checked,
                        ranges: e.target.checked ? [] : [['09:00', '22:00']],
                      },
                    })
                  }
                />
              </td>
              {[0, 1].map((i) => (
                <td key={i}>
                  <span className={s.row}>
                    <TimeField
                      ariaLabel={t('settings.rangeFrom', { day: t(`weekdays.${d}`), n: i + 1 })}
                      disabled={day.closed}
                      value={ranges[i]![0]}
                      onChange={(v) => setRange(i, 0, v)}
                    />
                    –
                    <TimeField
                      ariaLabel={t('settings.rangeTo', { day: t(`weekdays.${d}`), n: i + 1 })}
                      disabled={day.closed}
                      value={ranges[i]![1]}
                      onChange={(v) => setRange(i, 1, v)}
                    />
                  </span>
                </td>
              ))}
            </tr>
          );
        })}
        {!result.ok && (
          <tr>
            <td colSpan={4} className={s.error}>
              {result.message}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function rawWeek(week: WeekHours): Record<string, string> {
  return Object.fromEntries(
    WEEKDAYS.map((d) => [
      String(d),
      week[d].closed ? '-' : week[d].ranges.map(([a, b]) => `${a}-${b}`).join(',') || '-',
    ]),
  );
}
