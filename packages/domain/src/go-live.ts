/**
 * The go-live checklist of a venue (issue 16 item 2): what a new venue still lacks before guests can order, each
 * item ticked from the venue's own data (never by hand), and the coming-soon page guests see until an admin marks
 * the venue live. The server computes the checklist from these facts (admin-go-live.*); the admin screen shows it.
 */
import type { Language } from './i18n.ts';

export const GO_LIVE_ITEMS = ['menu', 'hours', 'order_types', 'tables', 'payments', 'staff'] as const;
export type GoLiveItemKey = (typeof GO_LIVE_ITEMS)[number];

/** What the checklist is computed from (counts and dates of the venue's rows). */
export interface GoLiveFacts {
  /** Active products of the venue. */
  activeProducts: number;
  /** Whether the working hours setting names at least one opening range. */
  hoursSet: boolean;
  /** Active order types (spot, delivery, pickup, room…). */
  activeOrderTypes: number;
  /** Active tables and rooms. */
  activeTables: number;
  /** When the printable QR sheet was last downloaded, or null. */
  qrSheetDownloadedAt: string | null;
  /** Payment accounts whose test payment succeeded with the stored credentials. */
  verifiedPaymentAccounts: number;
  /** The admin chose "cash only". */
  cashOnly: boolean;
  /** Active waiter accounts assigned to the venue. */
  staffAccounts: number;
}

export interface GoLiveItem {
  key: GoLiveItemKey;
  done: boolean;
}

/** Each item's state, in the checklist's order. */
export function goLiveChecklist(f: GoLiveFacts): GoLiveItem[] {
  const done: Record<GoLiveItemKey, boolean> = {
    menu: f.activeProducts > 0,
    hours: f.hoursSet,
    order_types: f.activeOrderTypes > 0,
    tables: f.activeTables > 0 && f.qrSheetDownloadedAt !== null,
    payments: f.verifiedPaymentAccounts > 0 || f.cashOnly,
    staff: f.staffAccounts > 0,
  };
  return GO_LIVE_ITEMS.map((key) => ({ key, done: done[key] }));
}

/** Whether a `working_hours` setting value (JSON: day → "HH:MM-HH:MM[,HH:MM-HH:MM]") opens on at least one day. */
export function workingHoursSet(value: string | null | undefined): boolean {
  if (!value) return false;
  try {
    const days = JSON.parse(value) as unknown;
    if (!days || typeof days !== 'object') return false;
    return Object.values(days as Record<string, unknown>).some(
      (v) => typeof v === 'string' && /\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}/.test(v),
    );
  } catch {
    return false;
  }
}

/** The coming-soon page guests see until the venue is live (server-rendered, no script). */
export const COMING_SOON_TEXTS: Record<Language, { title: string; text: string }> = {
  bg: { title: 'Очаквайте скоро', text: 'Заведението подготвя менюто си. Заповядайте отново скоро!' },
  en: { title: 'Coming soon', text: 'This venue is getting its menu ready. Please come back soon!' },
  es: { title: 'Próximamente', text: 'Este local está preparando su carta. ¡Vuelva pronto!' },
  de: {
    title: 'Demnächst',
    text: 'Dieses Lokal bereitet seine Speisekarte vor. Schauen Sie bald wieder vorbei!',
  },
  'fr-CH': {
    title: 'Bientôt disponible',
    text: 'Cet établissement prépare sa carte. Revenez bientôt !',
  },
};
