/**
 * Menu import and export (issue 16 item 1) under /api/admin/menu, PLACE_ADMIN and above, on the admin's place:
 * the template and the export (CSV or XLSX), the preview and the import of an uploaded file (multipart, field
 * `file`, at most 5 MB: 413 file_too_large).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@trapeza/domain/contracts/menu';
import { MenuImportPreview, MenuImportResult, MenuSheetQuery } from '@trapeza/domain/contracts/menu-import';
import { MENU_IMPORT_MAX_BYTES } from '@trapeza/domain/menu-import';
import { DomainError } from '../../lib/domain-error.ts';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AdminMenuImportService } from './admin-menu-import.service.ts';

const TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

const tooLarge = () =>
  new DomainError(
    413,
    'file_too_large',
    `Menu files may be at most ${MENU_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
    {
      fields: { max_bytes: MENU_IMPORT_MAX_BYTES },
    },
  );

async function uploaded(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) {
    throw new DomainError(
      415,
      'unsupported_media_type',
      'Send the file as multipart/form-data, field "file"',
    );
  }
  const file = await request.file();
  if (!file) throw new DomainError(400, 'file_required', 'No file in the upload (field "file")');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (file.file.truncated) throw tooLarge();
  return { name: file.filename || 'menu', bytes };
}

export function adminMenuImportRoutes(service: AdminMenuImportService): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to this plugin: only these routes parse multipart bodies. One byte over the limit marks the file
    // truncated (413), so a 5 MB file is still read whole.
    await app.register(multipart, { limits: { fileSize: MENU_IMPORT_MAX_BYTES + 1, files: 1, fields: 5 } });
    const r = placeRoute(['admin: menu import']);
    const fileErrors = {
      ...adminErrors,
      413: ApiError.describe('file_too_large: more than 5 MB'),
      415: ApiError.describe('unsupported_file_type: not CSV or XLSX (or not multipart)'),
    };

    app.get(
      '/admin/menu/import/template',
      r.with({
        summary: 'The import template (one example row per feature), XLSX or CSV',
        querystring: MenuSheetQuery,
        produces: [TYPES.xlsx, 'text/csv'],
        response: { 200: z.unknown().describe('the file'), ...adminErrors },
      }),
      async (request, reply) => {
        const format = request.query.format;
        return reply
          .type(TYPES[format])
          .header('content-disposition', `attachment; filename="menu-template.${format}"`)
          .send(await service.template(format));
      },
    );
    app.get(
      '/admin/menu/export',
      r.with({
        summary: 'The venue’s menu in the import format (import it back: nothing changes), XLSX or CSV',
        querystring: MenuSheetQuery,
        produces: [TYPES.xlsx, 'text/csv'],
        response: { 200: z.unknown().describe('the file'), ...adminErrors },
      }),
      async (request, reply) => {
        const format = request.query.format;
        const ctx = adminContext(request);
        return reply
          .type(TYPES[format])
          .header('content-disposition', `attachment; filename="menu-${ctx.placeId}.${format}"`)
          .send(await service.export(ctx, format));
      },
    );
    app.post(
      '/admin/menu/import/preview',
      r.with({
        summary:
          'What importing the file would do: products to create / update / unchanged, new categories, problems',
        description:
          'Multipart field `file`: CSV (UTF-8) or XLSX, at most 5 MB and 5000 rows. Nothing is written. Problems ' +
          'by spreadsheet row (1 = header) and column; notes for cells kept as plain text (they start like a formula).',
        consumes: ['multipart/form-data'],
        response: { 200: MenuImportPreview, ...fileErrors },
      }),
      async (request) => {
        const { name, bytes } = await uploaded(request);
        return service.preview(adminContext(request), name, bytes);
      },
    );
    app.post(
      '/admin/menu/import',
      r.with({
        summary:
          'Import the file in one transaction (products updated by SKU); 422 with the preview if any problem',
        consumes: ['multipart/form-data'],
        response: {
          200: MenuImportResult,
          ...fileErrors,
          422: ApiError.describe(
            'import_invalid: the file has problems (preview: what would be imported, with the problems); nothing written',
          ),
        },
      }),
      async (request) => {
        const { name, bytes } = await uploaded(request);
        return service.import(adminContext(request), name, bytes);
      },
    );
  };
}
