/**
 * Order dates of my orders (spec §9: "Dates are shown in Bulgarian short month form"), e.g. '22 ное 2026, 14:05'.
 * Intl's Bulgarian short month in a date is numeric ('22.11.2026 г.': CLDR maps the bg skeleton MMM to MM), so the
 * Bulgarian form is built from Intl's parts: the long month name cut to its first three letters, which is exactly
 * CLDR's Bulgarian abbreviated month (яну, фев, мар, апр, май, юни, юли, авг, сеп, окт, ное, дек). Other
 * languages use Intl's own short-month date.
 */
import { DEFAULT_TIME_ZONE } from '@trapeza/domain/dates';
import type { Language } from '@trapeza/domain/i18n';

export function formatOrderDate(iso: string, lang: Language, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = new Intl.DateTimeFormat(lang, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  if (lang !== 'bg') {
    const day = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone });
    return `${day.format(date)}, ${time.format(date)}`;
  }
  const parts: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('bg', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).formatToParts(date))
    parts[p.type] = p.value;
  return `${parts.day} ${(parts.month ?? '').slice(0, 3)} ${parts.year}, ${time.format(date)}`;
}
