import { expect } from 'vitest';
import {
  StoreCitiesResponse,
  StoreGalleryResponse,
  StorePlaceResponse,
  StorePlacesForMapResponse,
  StoreTagsResponse,
} from '@trapeza/domain/contracts/places';
import type { AppDatabase } from '../../db/database.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { insertClient, insertPlace } from '../../../test/fixtures.ts';

/** A second brand with its own city, tag and place: never visible through the demo client. */
async function setup(db: AppDatabase): Promise<void> {
  const other = await insertClient(db, 'other');
  const city = await db
    .insertInto('cities')
    .values({ client_id: other, name: 'Other city', translations: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tag = await db
    .insertInto('tags')
    .values({ client_id: other, name: 'Other tag', translations: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const place = await insertPlace(db, other, 'elsewhere', { cityId: city.id, modules: ['gallery'] });
  await db.insertInto('place_tags').values({ place_id: place, tag_id: tag.id }).execute();
  await db
    .insertInto('gallery_images')
    .values({ place_id: place, path: '/other.jpg', translations: '{}', position: 0 })
    .execute();
}

describeEachDatabase(
  'places API',
  (ctx) => {
    ctx.test('GET place answers the current place with order types, zones and hours', async () => {
      const res = await ctx.get('/api/place');
      expect(res.statusCode, res.body).toBe(200);
      const place = StorePlaceResponse.parse(res.json());
      expect(place.slug).toBe('bistro');
      expect(place.client.slug).toBe('demo');
      const types = place.ordertypes.map((t) => t.type);
      expect(types).toContain(1);
      expect(types).toContain(2);
      const delivery = place.ordertypes.find((t) => t.type === 2)!;
      expect(delivery.radiuses.length + delivery.delivery_shapes.length).toBeGreaterThan(0);
      expect(Object.keys(place.working_hours).length).toBeGreaterThan(0);
      const hotel = StorePlaceResponse.parse((await ctx.get('/api/place', { place: 'hotel' })).json());
      expect(hotel.slug).toBe('hotel');
      expect(hotel.ordertypes.map((t) => t.type).sort()).toEqual([4, 6]);
    });

    ctx.test('GET place needs both headers', async () => {
      expect((await ctx.get('/api/place', { place: null })).json()).toMatchObject({ code: 'missing_place' });
      const res = await ctx.get('/api/place', { place: 'elsewhere' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'unknown_place' });
    });

    ctx.test('POST getPlacesForMap lists the client’s places, filtered by city and tags', async () => {
      const all = await ctx.post('/api/getPlacesForMap', {}, { place: null });
      expect(all.statusCode, all.body).toBe(200);
      const places = StorePlacesForMapResponse.parse(all.json());
      expect(places.map((p) => p.slug).sort()).toEqual(['bistro', 'hotel']);
      const noBody = await ctx.request('POST', '/api/getPlacesForMap', { place: null });
      expect(noBody.statusCode).toBe(200);
      const withCity = places.find((p) => p.city_id !== null);
      if (withCity) {
        const byCity = await ctx.post('/api/getPlacesForMap', { cityId: withCity.city_id }, { place: null });
        expect(
          StorePlacesForMapResponse.parse(byCity.json()).every((p) => p.city_id === withCity.city_id),
        ).toBe(true);
      }
      const none = await ctx.post('/api/getPlacesForMap', { cityId: 99999999 }, { place: null });
      expect(none.json()).toEqual([]);
      const withTag = places.find((p) => p.tagIds.length > 0);
      if (withTag) {
        const byTag = await ctx.post(
          '/api/getPlacesForMap',
          { tagIds: [withTag.tagIds[0]] },
          { place: null },
        );
        expect(StorePlacesForMapResponse.parse(byTag.json()).map((p) => p.id)).toContain(withTag.id);
      }
      const other = StorePlacesForMapResponse.parse(
        (await ctx.post('/api/getPlacesForMap', {}, { client: 'other', place: null })).json(),
      );
      expect(other.map((p) => p.slug)).toEqual(['elsewhere']);
    });

    ctx.test('POST getPlacesForMap rejects bad bodies and needs the client header', async () => {
      for (const body of [{ cityId: 'x' }, { tagIds: 'nope' }, { tagIds: [-1] }, { extra: 1 }]) {
        const res = await ctx.post('/api/getPlacesForMap', body, { place: null });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_error' });
      }
      const res = await ctx.post('/api/getPlacesForMap', {}, { client: null, place: null });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'missing_client' });
    });

    ctx.test('GET getCitiesForMap and getTagsForMap are client-scoped', async () => {
      const cities = StoreCitiesResponse.parse(
        (await ctx.get('/api/getCitiesForMap', { place: null })).json(),
      );
      const tags = StoreTagsResponse.parse((await ctx.get('/api/getTagsForMap', { place: null })).json());
      expect(cities.map((c) => c.name)).not.toContain('Other city');
      expect(tags.map((t) => t.name)).not.toContain('Other tag');
      const otherCities = StoreCitiesResponse.parse(
        (await ctx.get('/api/getCitiesForMap', { client: 'other', place: null })).json(),
      );
      expect(otherCities.map((c) => c.name)).toEqual(['Other city']);
      expect((await ctx.get('/api/getTagsForMap', { client: 'nobody', place: null })).statusCode).toBe(404);
    });

    ctx.test('POST places/gallery answers the place’s images only', async () => {
      const res = await ctx.post('/api/places/gallery', {});
      expect(res.statusCode, res.body).toBe(200);
      const images = StoreGalleryResponse.parse(res.json());
      expect(images.map((i) => i.path)).not.toContain('/other.jpg');
      const empty = await ctx.request('POST', '/api/places/gallery');
      expect(empty.statusCode).toBe(200);
      const other = StoreGalleryResponse.parse(
        (await ctx.post('/api/places/gallery', {}, { client: 'other', place: 'elsewhere' })).json(),
      );
      expect(other.map((i) => i.path)).toEqual(['/other.jpg']);
    });

    ctx.test(
      'POST places/gallery: the module switched off answers 403 gallery_module_disabled (issue 24)',
      async () => {
        const place = await ctx.db
          .selectFrom('places')
          .select(['id', 'functionality_modules'])
          .where('slug', '=', 'elsewhere')
          .executeTakeFirstOrThrow();
        const ask = () => ctx.post('/api/places/gallery', {}, { client: 'other', place: 'elsewhere' });
        try {
          await ctx.db
            .updateTable('places')
            .set({ functionality_modules: '[]' })
            .where('id', '=', place.id)
            .execute();
          const off = await ask();
          expect(off.statusCode).toBe(403);
          expect(off.json()).toMatchObject({ code: 'gallery_module_disabled' });
          expect(off.json().message_trans).toBe('Това заведение няма галерия.');
        } finally {
          await ctx.db
            .updateTable('places')
            .set({ functionality_modules: place.functionality_modules })
            .where('id', '=', place.id)
            .execute();
        }
        // Switched on again: at once, with no cache in between.
        expect((await ask()).statusCode).toBe(200);
      },
    );
  },
  { setup },
);
