/**
 * Reading and writing the menu sheet (issue 16 item 1) with well-kept libraries: `exceljs` for XLSX, `csv-parse`
 * for CSV (no hand-written parser). Reading refuses, with a 4xx and a reason: a file that is neither (by content, not
 * only by name: an XLSX is a zip, a CSV is UTF-8 text without NUL bytes), over 5 MB (413), more than
 * MENU_IMPORT_MAX_ROWS rows, a workbook with hidden sheets. Formula cells are never evaluated: they are reported per
 * cell (`formulas`) and the import refuses them. Writing puts every value as text; runnable text gets a leading
 * apostrophe (CSV through the reports' `csvCell`, XLSX through `sheetCell`).
 */
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  MENU_IMPORT_COLUMNS,
  MENU_IMPORT_MAX_BYTES,
  MENU_IMPORT_MAX_ROWS,
  sheetCell,
} from '@trapeza/domain/menu-import';
import { DomainError } from '../../lib/domain-error.ts';
import { csvCell } from './admin-reports.service.ts';

export type SheetFormat = 'xlsx' | 'csv';

interface SheetRow {
  /** The spreadsheet's row number (1 = header). */
  row: number;
  /** Raw text per header name (lower-cased header). */
  cells: Map<string, string>;
  /** Header names of the cells that held a formula (their text is the header name's cached result, unused). */
  formulas: Set<string>;
}

export interface Sheet {
  format: SheetFormat;
  header: string[];
  rows: SheetRow[];
}

const refuse = (status: number, code: string, message: string, fields?: Record<string, unknown>) =>
  new DomainError(status, code, message, fields === undefined ? {} : { fields });

const tooManyRows = () =>
  refuse(
    400,
    'too_many_rows',
    `A menu file may have at most ${MENU_IMPORT_MAX_ROWS} product rows; split it into several files`,
    { max_rows: MENU_IMPORT_MAX_ROWS },
  );

function formatOf(name: string, bytes: Buffer): SheetFormat {
  const lower = name.toLowerCase();
  const zip = bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;
  if (lower.endsWith('.xlsx') && zip) return 'xlsx';
  if (lower.endsWith('.csv') && !zip && !bytes.includes(0)) return 'csv';
  throw refuse(
    415,
    'unsupported_file_type',
    'Only CSV (UTF-8 text) and XLSX (Excel) files can be imported; an .xls, .ods or other file is not read',
  );
}

/** Header text → column key: trimmed, lower-cased (`name_fr-ch` → `name_fr-CH`). */
function headerKey(text: string): string {
  const t = text.trim().toLowerCase();
  const known = MENU_IMPORT_COLUMNS.find((c) => c.toLowerCase() === t);
  return known ?? t;
}

async function readXlsx(bytes: Buffer): Promise<Omit<Sheet, 'format'>> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse(
      400,
      'unreadable_file',
      'The XLSX file could not be read; save it again from the spreadsheet',
    );
  }
  const hidden = workbook.worksheets.filter((w) => w.state !== 'visible').map((w) => w.name);
  if (hidden.length > 0) {
    throw refuse(
      400,
      'hidden_sheets',
      `The workbook has hidden sheets (${hidden.join(', ')}); delete them or show them and keep one sheet`,
      { sheets: hidden },
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse(400, 'empty_file', 'The file has no rows');
  if (sheet.actualRowCount - 1 > MENU_IMPORT_MAX_ROWS) throw tooManyRows();
  const header: string[] = [];
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (header.length === 0) {
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        header[col - 1] = headerKey(cell.text ?? '');
      });
      return;
    }
    const cells = new Map<string, string>();
    const formulas = new Set<string>();
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      const key = header[col - 1] ?? `column ${col}`;
      if (cell.type === ExcelJS.ValueType.Formula) {
        formulas.add(key);
        // The formula's text, shown to the admin; its cached result is never used.
        cells.set(key, `=${cell.formula ?? ''}`);
        return;
      }
      cells.set(key, cell.type === ExcelJS.ValueType.Date ? String(cell.text) : (cell.text ?? ''));
    });
    if ([...cells.values()].some((v) => v.trim() !== '')) rows.push({ row: rowNumber, cells, formulas });
  });
  if (header.length === 0) throw refuse(400, 'empty_file', 'The file has no rows');
  return { header: header.filter((h) => h !== ''), rows };
}

function readCsv(bytes: Buffer): Omit<Sheet, 'format'> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(400, 'not_utf8', 'Save the CSV file as UTF-8 (CSV UTF-8 in Excel)');
  }
  // Excel in many European languages writes ";" between cells: take what the header line uses.
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  let records: string[][];
  try {
    records = parseCsv(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 200_000,
      // One more than allowed, to tell that there are too many.
      to_line: MENU_IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch (err) {
    throw refuse(400, 'unreadable_file', `The CSV file could not be read: ${(err as Error).message}`);
  }
  if (records.length === 0) throw refuse(400, 'empty_file', 'The file has no rows');
  if (records.length - 1 > MENU_IMPORT_MAX_ROWS) throw tooManyRows();
  const header = records[0]!.map(headerKey);
  const rows: SheetRow[] = [];
  for (const [i, record] of records.slice(1).entries()) {
    const cells = new Map<string, string>();
    record.forEach((value, col) => {
      if (value !== '') cells.set(header[col] ?? `column ${col + 1}`, value);
    });
    if ([...cells.values()].some((v) => v.trim() !== ''))
      rows.push({ row: i + 2, cells, formulas: new Set() });
  }
  return { header: header.filter((h) => h !== ''), rows };
}

/** Reads an uploaded menu file (CSV or XLSX by its name and content). */
export async function readMenuSheet(fileName: string, bytes: Buffer): Promise<Sheet> {
  if (bytes.length > MENU_IMPORT_MAX_BYTES) {
    throw refuse(
      413,
      'file_too_large',
      `Menu files may be at most ${MENU_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
      {
        max_bytes: MENU_IMPORT_MAX_BYTES,
      },
    );
  }
  const format = formatOf(fileName, bytes);
  const read = format === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  return { format, ...read };
}

/** Writes rows (text per column) as CSV (UTF-8 with BOM, so Excel shows Cyrillic) or XLSX. */
export async function writeMenuSheet(format: SheetFormat, rows: Record<string, string>[]): Promise<Buffer> {
  const columns = [...MENU_IMPORT_COLUMNS];
  if (format === 'csv') {
    const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c] ?? '')).join(','))];
    return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Menu');
  sheet.columns = columns.map((c) => ({
    header: c,
    key: c,
    width: c.startsWith('description') || c === 'variants' ? 40 : c === 'category' ? 28 : 18,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const values: Record<string, string> = {};
    for (const c of columns) values[c] = sheetCell(r[c] ?? '');
    sheet.addRow(values);
  }
  // Every cell is text (a price "8.50" stays "8.50"; nothing is read as a number, date or formula).
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      cell.numFmt = '@';
    }),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
