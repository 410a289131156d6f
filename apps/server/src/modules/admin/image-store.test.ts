/**
 * The image store on both databases: an upload whose last rendition fails to store leaves nothing behind (no file,
 * no row), and a complete one is all there.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createImageStore } from './image-store.ts';
import { uploadsDirOf } from './admin.routes.ts';

describeEachDatabase('image store', (ctx) => {
  const scope = async () => {
    const placeId = await ctx.placeId('bistro');
    const place = await ctx.db
      .selectFrom('places')
      .select('client_id')
      .where('id', '=', placeId)
      .executeTakeFirstOrThrow();
    return { clientId: place.client_id, placeId };
  };
  const storedPaths = async (): Promise<string[]> => {
    if (ctx.dialect === 'postgres') {
      return (await ctx.db.selectFrom('uploads').select('path').execute()).map((r) => r.path);
    }
    const dir = uploadsDirOf(ctx.dataDir);
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  };

  ctx.test('an upload that fails half-way stores nothing; a whole one stores every rendition', async () => {
    const store = createImageStore(ctx.database, uploadsDirOf(ctx.dataDir));
    expect(store.kind).toBe(ctx.dialect === 'postgres' ? 'database' : 'disk');
    const s = await scope();
    const good = { name: 'aaaa-320.webp', contentType: 'image/webp', data: Buffer.from('first rendition') };
    // A NUL byte: PostgreSQL refuses it in text, the file system in a name — the second write fails.
    const bad = { name: 'aaaa-\u0000.jpg', contentType: 'image/jpeg', data: Buffer.from('second rendition') };
    await expect(store.put(s, [good, bad])).rejects.toThrow();
    expect(await storedPaths()).toEqual([]);
    if (ctx.dialect === 'postgres') {
      expect(await ctx.db.selectFrom('upload_blobs').select('sha256').execute()).toEqual([]);
    }

    const second = {
      name: 'aaaa-640.webp',
      contentType: 'image/webp',
      data: Buffer.from('second rendition'),
    };
    const paths = await store.put(s, [good, second]);
    expect(paths).toEqual([
      `/uploads/${s.clientId}/${s.placeId}/aaaa-320.webp`,
      `/uploads/${s.clientId}/${s.placeId}/aaaa-640.webp`,
    ]);
    for (const path of paths) {
      const res = await ctx.get(path, { client: null, place: null });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await ctx.get(paths[1]!, { client: null, place: null })).body).toBe('second rendition');
    expect(await storedPaths()).toHaveLength(2);
  });
});
