/**
 * POST /api/admin/images (multipart, one `file` field) and the static serving of the stored renditions at
 * /uploads/…. Limits: 8 MB (413 image_too_large) and JPEG / PNG / WebP / AVIF (415 unsupported_media_type).
 */
import { mkdirSync } from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_IMAGE_MAX_BYTES,
  ADMIN_IMAGE_TYPES,
  AdminImageResponse,
} from '@trapeza/domain/contracts/admin';
import { ApiError } from '@trapeza/domain/contracts/menu';
import { DomainError } from '../../lib/domain-error.ts';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AdminImagesService } from './admin-images.service.ts';
import { IMMUTABLE, UPLOADS_URL } from './image-store.ts';

const tooLarge = () =>
  new DomainError(413, 'image_too_large', `Images may be at most ${ADMIN_IMAGE_MAX_BYTES / 1024 / 1024} MB`, {
    fields: { max_bytes: ADMIN_IMAGE_MAX_BYTES },
  });

export function adminImagesRoutes(images: AdminImagesService): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to this plugin: only the upload route parses multipart bodies.
    await app.register(multipart, { limits: { fileSize: ADMIN_IMAGE_MAX_BYTES, files: 1, fields: 5 } });
    const r = placeRoute(['admin: images']);
    app.post(
      '/admin/images',
      r.with({
        summary:
          'Upload an image (multipart field `file`): stored at 320/640/1024 px wide as WebP, AVIF and JPEG',
        description:
          'JPEG, PNG, WebP or AVIF up to 8 MB. Answers every rendition; `path` (the largest JPEG) is what a ' +
          "product image, category icon or image setting stores. Focal point: the product's image_position_y " +
          'and image_scale.',
        consumes: ['multipart/form-data'],
        response: {
          201: AdminImageResponse,
          ...adminErrors,
          413: ApiError.describe('image_too_large: more than 8 MB or more than 40 megapixels'),
          415: ApiError.describe('unsupported_media_type: not JPEG, PNG, WebP or AVIF (or not multipart)'),
          503: ApiError.describe(
            'storage_unavailable: the S3 image storage (S3_URL) does not answer; nothing was stored, try again',
          ),
        },
      }),
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new DomainError(
            415,
            'unsupported_media_type',
            'Send the image as multipart/form-data, field "file"',
          );
        }
        const file = await request.file();
        if (!file) throw new DomainError(400, 'file_required', 'No file in the upload (field "file")');
        if (!(ADMIN_IMAGE_TYPES as readonly string[]).includes(file.mimetype)) {
          file.file.resume();
          throw new DomainError(
            415,
            'unsupported_media_type',
            'Only JPEG, PNG, WebP or AVIF images can be uploaded',
            {
              fields: { received: file.mimetype },
            },
          );
        }
        let buffer: Buffer;
        try {
          buffer = await file.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw err;
        }
        if (file.file.truncated) throw tooLarge();
        return reply.code(201).send(await images.store(adminContext(request), buffer));
      },
    );
  };
}

/** Serves DATA_DIR/uploads at /uploads with a year-long immutable cache (file names are content hashes). */
export async function registerUploads(app: FastifyInstance, uploadsDir: string): Promise<void> {
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: `${UPLOADS_URL}/`,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders(res) {
      res.header('cache-control', IMMUTABLE);
    },
  });
}
