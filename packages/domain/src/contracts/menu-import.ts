/**
 * Menu import and export API contracts (issue 16 item 1), PLACE_ADMIN and above, scoped to the admin's venue:
 * - `GET admin/menu/import/template?format=xlsx|csv` — the template, one example row per feature;
 * - `GET admin/menu/export?format=xlsx|csv` — the venue's menu in the same format (import it back: no change);
 * - `POST admin/menu/import/preview` (multipart `file`) — what an import would do, every problem by row and column;
 * - `POST admin/menu/import` (multipart `file`) — the import in one transaction; 422 `import_invalid` with the same
 *   preview when any row has a problem (nothing written).
 * Rows and columns are as the spreadsheet shows them: row 1 is the header, columns by their header name.
 */
import { z } from 'zod';
import { MENU_IMPORT_PROBLEMS } from '../menu-import.ts';

export const MenuSheetFormat = z.enum(['xlsx', 'csv']);
export const MenuSheetQuery = z.object({ format: MenuSheetFormat.default('xlsx') });

export const MenuImportProblem = z.object({
  /** Spreadsheet row (1 = header); 0 for the file as a whole. */
  row: z.number().int(),
  /** The column's header name, or null for the whole row / file. */
  column: z.string().nullable(),
  code: z.enum(MENU_IMPORT_PROBLEMS),
  /** English words for logs and API users; the screen words the code itself. */
  message: z.string(),
  /** The value that was refused (cut to 100 characters). */
  value: z.string().optional(),
});
export type MenuImportProblem = z.infer<typeof MenuImportProblem>;

export const MenuImportNote = z.object({
  row: z.number().int(),
  column: z.string(),
  /** `plain_text`: the cell starts like a formula (= + - @); stored as plain text, never run. */
  code: z.literal('plain_text'),
  message: z.string(),
});

export const MenuImportItem = z.object({
  row: z.number().int(),
  action: z.enum(['create', 'update', 'unchanged']),
  sku: z.string().nullable(),
  name: z.string(),
  /** The product updated (null for a new one). */
  product_id: z.number().int().nullable(),
});

export const MenuImportPreview = z.object({
  format: MenuSheetFormat,
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  /** Category paths that do not exist yet (created by the import), e.g. "Храна > Супи". */
  new_categories: z.array(z.string()),
  items: z.array(MenuImportItem),
  problems: z.array(MenuImportProblem),
  notes: z.array(MenuImportNote),
});
export type MenuImportPreview = z.infer<typeof MenuImportPreview>;

export const MenuImportResult = MenuImportPreview.extend({ imported: z.literal(true) });
export type MenuImportResult = z.infer<typeof MenuImportResult>;
