/** Menu import and export of the place (issue 16 item 1): template, export, preview and import of a file. */
import type { MenuImportPreview, MenuImportResult } from '@trapeza/domain/contracts/menu-import';
import { adminDownload, adminRequest } from './admin-client.ts';

export type SheetFormat = 'xlsx' | 'csv';
export type { MenuImportPreview, MenuImportResult };

const form = (file: File) => {
  const data = new FormData();
  data.append('file', file, file.name);
  return data;
};

export const downloadTemplate = (format: SheetFormat) =>
  adminDownload(`admin/menu/import/template?format=${format}`);
export const downloadMenu = (format: SheetFormat) => adminDownload(`admin/menu/export?format=${format}`);
export const previewImport = (file: File) =>
  adminRequest<MenuImportPreview>('admin/menu/import/preview', { method: 'POST', form: form(file) });
export const runImport = (file: File) =>
  adminRequest<MenuImportResult>('admin/menu/import', { method: 'POST', form: form(file) });
