/** The text that closes ordering (spec §5 closing messages, orders_not_allowed_text), or null when open. */
import type { TFunction } from 'i18next';
import { checkOrderingWindow } from '@trapeza/domain/hours';
import type { RawSettings, VenueSettings } from '@trapeza/domain/settings';
import { translatedText } from '../../../lib/ui-settings.ts';

function weekdayName(day: number, lang: string): string {
  // 2024-01-01 was a Monday (day 1).
  return new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

export function orderingClosedText(
  settings: VenueSettings,
  raw: RawSettings,
  lang: string,
  t: TFunction,
  now = new Date(),
): string | null {
  const w = checkOrderingWindow(settings, now, settings.time_zone);
  if (w.ok) return null;
  if (w.code === 'orders_not_allowed')
    return translatedText(raw, lang, 'orders_not_allowed_text') ?? t('cart.errors.orders_not_allowed');
  const c = w.closing;
  switch (c.kind) {
    case 'closed':
      return t('cart.closed');
    case 'closed_today_until':
      return t('cart.closedTodayUntil', { time: c.time });
    case 'closed_tomorrow_from':
      return t('cart.closedTomorrowFrom', { time: c.time });
    case 'closed_on_day_from':
      return t('cart.closedOnDayFrom', { day: weekdayName(c.weekday, lang), time: c.time });
  }
}
