/**
 * Image uploads for the menu (products, categories, logo, backgrounds): the file is checked by its content (JPEG,
 * PNG, WebP or AVIF only), turned upright from its EXIF orientation, and stored at the widths the menu shows
 * (ADMIN_IMAGE_WIDTHS, never enlarged) as WebP and AVIF with a JPEG fallback, at
 * /uploads/<client id>/<place id>/<hash>-<width>.<ext> in the image store (image-store.ts: the database on
 * PostgreSQL, DATA_DIR/uploads on SQLite), served with a year-long immutable cache (the name is the content hash, so
 * a changed image is a new name). Every rendition is encoded before any is stored, and they are stored together or
 * not at all. The answer's `path` is the largest JPEG; the browser builds srcsets from the same name with the other
 * widths and formats.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { ADMIN_IMAGE_WIDTHS, type AdminImageResponse } from '@trapeza/domain/contracts/admin';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminCallContext } from './admin-access.ts';
import type { AuditRepository } from './admin-audit.repository.ts';
import { type ImageStore, type Rendition } from './image-store.ts';

/** sharp's names of the accepted input formats (AVIF is read through libheif). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

/**
 * The largest image accepted, in pixels (issue "Security hardening": sharp's default is 268 MP, a few kilobytes of
 * PNG could ask for gigabytes once decoded). 40 MP is more than any phone camera; the menu shows at most 1024 px.
 */
const MAX_IMAGE_PIXELS = 40_000_000;

const tooLarge = () =>
  // 413 like the 8 MB limit of the upload route: one code, one status (issue 25 #2).
  new DomainError(
    413,
    'image_too_large',
    `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels; upload a smaller one`,
  );

const unsupported = () =>
  new DomainError(415, 'unsupported_media_type', 'Only JPEG, PNG, WebP or AVIF images can be uploaded');

export function createAdminImagesService(deps: { store: ImageStore; audit: AuditRepository }) {
  return {
    /** Stores the renditions of one uploaded image and answers their paths and sizes. */
    async store(ctx: AdminCallContext, input: Buffer): Promise<AdminImageResponse> {
      let meta: Metadata;
      try {
        // The header only (no pixels decoded), so an oversized image is named as such below.
        meta = await sharp(input, { limitInputPixels: false }).metadata();
      } catch {
        throw unsupported();
      }
      // From the header alone: nothing is decoded for an image over the limit.
      if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) throw tooLarge();
      if (
        !meta.format ||
        !ACCEPTED.has(meta.format) ||
        (meta.format === 'heif' && meta.compression !== 'av1')
      ) {
        throw unsupported();
      }
      // EXIF orientations 5–8 swap width and height once the image is upright.
      const swap = (meta.orientation ?? 1) >= 5;
      const width = (swap ? meta.height : meta.width) ?? 0;
      const height = (swap ? meta.width : meta.height) ?? 0;
      if (!width || !height) throw unsupported();

      const id = createHash('sha256').update(input).digest('hex').slice(0, 20);
      const widths = [...new Set(ADMIN_IMAGE_WIDTHS.map((w) => Math.min(w, width)))];
      const renditions: Rendition[] = [];
      const described: Omit<AdminImageResponse['files'][number], 'path'>[] = [];
      // Decoded once (sharp decodes the input again for every pipeline cloned from it): upright and at the
      // largest width, to raw pixels; every rendition is resized and encoded from those.
      let upright: Sharp;
      try {
        const { data: pixels, info } = await sharp(input, {
          failOn: 'error',
          limitInputPixels: MAX_IMAGE_PIXELS,
        })
          .rotate()
          .resize({ width: Math.max(...widths), withoutEnlargement: true })
          .raw()
          .toBuffer({ resolveWithObject: true });
        upright = sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
      } catch {
        throw unsupported();
      }
      for (const w of widths) {
        const resized = upright.clone().resize({ width: w, withoutEnlargement: true });
        const outputs = [
          ['webp', 'webp', 'image/webp', resized.clone().webp({ quality: 80 })],
          ['avif', 'avif', 'image/avif', resized.clone().avif({ quality: 50, effort: 2 })],
          [
            'jpeg',
            'jpg',
            'image/jpeg',
            resized.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 82, progressive: true }),
          ],
        ] as const;
        for (const [format, ext, contentType, pipeline] of outputs) {
          const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
          renditions.push({ name: `${id}-${w}.${ext}`, contentType, data });
          described.push({ format, width: info.width, height: info.height, bytes: data.length });
        }
      }
      const paths = await deps.store.put({ clientId: ctx.clientId, placeId: ctx.placeId }, renditions);
      const files: AdminImageResponse['files'] = described.map((f, i) => ({ path: paths[i]!, ...f }));
      const largest = files.filter((f) => f.format === 'jpeg').sort((a, b) => b.width - a.width)[0]!;
      await deps.audit.record(ctx, 'upload', 'image', null, { path: largest.path, bytes: input.length });
      return {
        id,
        path: largest.path,
        width: largest.width,
        height: largest.height,
        original: {
          format: meta.format === 'heif' ? 'avif' : meta.format,
          width,
          height,
          bytes: input.length,
        },
        files,
      };
    },
  };
}
export type AdminImagesService = ReturnType<typeof createAdminImagesService>;
