/**
 * Menu import and export (issue 16 "Venue onboarding", item 1): the sheet's columns and the rules for one cell, the
 * same for CSV and XLSX, in the browser and on the server. One product per row:
 *
 *   id | sku | category | name_bg … name_fr-CH | description_bg … description_fr-CH | price | variants | allergens |
 *   label | in_stock
 *
 * - `category`: the path from the top, `Храна > Супи` (Bulgarian names; missing categories are created).
 * - `price`: one price in major units (`8.50` or `8,50`), for a product without sizes; or `variants`: sizes and
 *   prices, `300 г: 8.50; 450 г: 11.90`. Money is integer minor units inside (`parsePrice`, no float arithmetic).
 * - `allergens`: names from the venue's allergen library separated by `;` (any language).
 * - `in_stock`: yes / no (1 / 0, да / не, true / false).
 * - `sku`: the venue's own product code; importing again updates the product with that SKU instead of adding one.
 *   `id` (Trapeza's product id) is written by the export so products without a SKU round-trip too; leave it empty.
 *
 * Cells a spreadsheet would run (`=`, `+`, `-`, `@`, tab, CR first) are written with a leading apostrophe by the
 * export (`sheetCell`) and read back without it (`fromSheetCell`); such text typed by hand is kept as plain text.
 */
import { LANGUAGES, type Language } from './i18n.ts';
import type { Minor } from './money.ts';

/** Largest file accepted (413 beyond). */
export const MENU_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Most product rows in one file (the header row not counted); a larger file is refused whole. */
export const MENU_IMPORT_MAX_ROWS = 5000;
export const MENU_SKU_MAX_LENGTH = 64;
/** The largest price a cell may hold, in minor units (100 000.00). */
export const MENU_IMPORT_MAX_PRICE: Minor = 10_000_000;

export const MENU_IMPORT_COLUMNS = [
  'id',
  'sku',
  'category',
  ...LANGUAGES.map((l) => `name_${l}` as const),
  ...LANGUAGES.map((l) => `description_${l}` as const),
  'price',
  'variants',
  'allergens',
  'label',
  'in_stock',
] as const;
export type MenuImportColumn = (typeof MENU_IMPORT_COLUMNS)[number];

export const nameColumn = (lang: Language) => `name_${lang}` as const;
export const descriptionColumn = (lang: Language) => `description_${lang}` as const;

/** Why a cell or row is refused; the screen words each code in the admin's language. */
export const MENU_IMPORT_PROBLEMS = [
  'name_required',
  'category_required',
  'price_not_number',
  'price_or_variants_required',
  'price_and_variants',
  'variants_invalid',
  'unknown_allergen',
  'duplicate_sku',
  'sku_too_long',
  'unknown_product_id',
  'sku_id_mismatch',
  'stock_invalid',
  'too_long',
  'formula_not_allowed',
  'unknown_column',
  'missing_column',
] as const;
export type MenuImportProblemCode = (typeof MENU_IMPORT_PROBLEMS)[number];

/** Text a spreadsheet would evaluate if it started a cell. */
const RUNNABLE = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+([.,]\d+)?$/;

/** Whether a text would be run by a spreadsheet as a formula (plain numbers such as "-5" are not). */
export function isRunnable(text: string): boolean {
  return RUNNABLE.test(text) && !PLAIN_NUMBER.test(text);
}

/** A text cell as the export writes it: runnable text gets a leading apostrophe (shown as text, never run). */
export function sheetCell(text: string): string {
  return isRunnable(text) ? `'${text}` : text;
}

/** A cell as read from a file: the export's apostrophe removed; `runnable` when the text would run in a sheet. */
export function fromSheetCell(raw: string): { text: string; runnable: boolean } {
  const text = raw.length > 1 && raw[0] === "'" && RUNNABLE.test(raw.slice(1)) ? raw.slice(1) : raw.trim();
  return { text, runnable: isRunnable(text) };
}

/** `8.50`, `8,50`, `8` → 850 minor units; null when it is not a plain non-negative amount with at most 2 decimals. */
export function parsePrice(text: string): Minor | null {
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/\s/g, ''));
  if (!m) return null;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return minor <= MENU_IMPORT_MAX_PRICE ? minor : null;
}

/** 850 → "8.50". */
export function formatPrice(minor: Minor): string {
  const whole = Math.floor(minor / 100);
  return `${whole}.${String(minor % 100).padStart(2, '0')}`;
}

export interface SheetVariant {
  size: string;
  price: Minor;
}

/** `300 г: 8.50; 450 г: 11.90` → sizes and prices; null when a part has no size or no valid price. */
export function parseVariants(text: string): SheetVariant[] | null {
  const parts = text
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0 || parts.length > 50) return null;
  const out: SheetVariant[] = [];
  for (const part of parts) {
    const at = part.lastIndexOf(':');
    if (at <= 0) return null;
    const size = part.slice(0, at).trim();
    const price = parsePrice(part.slice(at + 1));
    if (size === '' || size.length > 100 || price === null) return null;
    out.push({ size, price });
  }
  return out;
}

export function formatVariants(variants: SheetVariant[]): string {
  return variants.map((v) => `${v.size}: ${formatPrice(v.price)}`).join('; ');
}

const YES = new Set(['yes', 'y', '1', 'true', 'да', 'sí', 'si', 'ja', 'oui']);
const NO = new Set(['no', 'n', '0', 'false', 'не', 'nein', 'non']);

/** in_stock: empty = yes; null when the word is not understood. */
export function parseStock(text: string): 0 | 1 | null {
  const t = text.trim().toLowerCase();
  if (t === '' || YES.has(t)) return 1;
  if (NO.has(t)) return 0;
  return null;
}

/** `Храна > Супи` → ['Храна', 'Супи'] (empty parts dropped). */
export function parseCategoryPath(text: string): string[] {
  return text
    .split('>')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export function formatCategoryPath(path: string[]): string {
  return path.join(' > ');
}

/** `Глутен; Мляко` → names (empty parts dropped). */
export function parseList(text: string): string[] {
  return text
    .split(/[;,]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Case- and space-insensitive key for matching names (categories, allergens). */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('bg');
}
