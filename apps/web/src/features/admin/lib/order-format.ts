/**
 * How the admin's order screens write money and times: the order's own currency (stored with it) in the console's
 * language, and the moment in the browser's time zone (the admin's own clock). Intl is fine here: the admin chunk is
 * never part of a guest's first page.
 */

/** Minor units in the order's currency: "12,50 €", "€12.50". */
export function formatOrderMoney(minor: number, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(minor / 100);
  } catch {
    // Not an ISO currency code (an old order's suffix): the number and the code as stored.
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** "11.01.2030, 10:00" in the console's language. */
export function formatOrderTime(iso: string, lang: string): string {
  return new Date(iso).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' });
}
