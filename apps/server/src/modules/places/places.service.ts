/** Place facts for the web app and the brand's landing page (map, cities, tags, gallery). */
import type { StorePlaceResponse } from '@trapeza/domain/contracts/places';
import { notFound } from '../../lib/domain-error.ts';
import type { ClientTenant, PlaceTenant } from '../../plugins/tenancy.ts';
import { parseJson, parseTranslations } from '../menu/menu.mapping.ts';
import type { PlacesRepository } from './places.repository.ts';

export function createPlacesService(deps: { repo: PlacesRepository; now: () => Date }) {
  const { repo } = deps;
  return {
    /** GET place: the current place with its order types (prices, discounts, zones), regions and hours. */
    async getPlace(tenant: PlaceTenant): Promise<StorePlaceResponse> {
      const place = await repo.findPlace(tenant.clientId, tenant.placeId);
      if (!place) throw notFound('unknown_place', `Unknown place "${tenant.placeSlug}"`);
      const [types, prices, discounts, radiuses, shapes, regions, hours] = await Promise.all([
        repo.listOrderTypes(place.id),
        repo.listOrderTypePrices(place.id),
        repo.listOrderTypeDiscounts(place.id),
        repo.listDeliveryRadiuses(place.id),
        repo.listDeliveryShapes(place.id),
        repo.listRegions(place.id),
        repo.listSettingsWithPrefix(place.id, 'working_hours'),
      ]);
      const of = <T extends { order_type_id: number }>(rows: T[], id: number) =>
        rows.filter((r) => r.order_type_id === id);
      return {
        id: place.id,
        slug: place.slug,
        name: place.name,
        translations: parseTranslations(place.translations),
        client: { id: place.client_id, slug: place.client_slug, name: place.client_name },
        address: place.address,
        phone: place.phone,
        email: place.email,
        lat: place.lat,
        lng: place.lng,
        city_id: place.city_id,
        functionality_modules: parseJson<unknown[]>(place.functionality_modules, []).filter(
          (m): m is string => typeof m === 'string',
        ),
        ordertypes: types.map((t) => ({
          id: t.id,
          type: t.type,
          prices: of(prices, t.id).map(({ price_over, price }) => ({ price_over, price })),
          discounts: of(discounts, t.id).map(({ order_type_id: _, value_type, ...d }) => ({
            ...d,
            value_type: value_type === 'money' ? ('money' as const) : ('percent' as const),
          })),
          radiuses: of(radiuses, t.id).map(({ order_type_id: _, ...r }) => r),
          delivery_shapes: of(shapes, t.id).map(({ order_type_id: _, coordinates, translations, ...s }) => ({
            ...s,
            translations: parseTranslations(translations),
            coordinates: parseJson<unknown[]>(coordinates, []).filter(
              (p): p is [number, number] =>
                Array.isArray(p) && p.length === 2 && typeof p[0] === 'number' && typeof p[1] === 'number',
            ),
          })),
        })),
        regions: regions.map((r) => ({ ...r, translations: parseTranslations(r.translations) })),
        working_hours: Object.fromEntries(hours.map((h) => [h.key, h.value])),
      };
    },

    /** POST getPlacesForMap: the client's active places, optionally in one city and with any of the tags. */
    async placesForMap(tenant: ClientTenant, filter: { cityId?: number | null; tagIds?: number[] | null }) {
      const [places, links] = await Promise.all([
        repo.listMapPlaces(tenant.clientId, { cityId: filter.cityId ?? null, tagIds: filter.tagIds ?? [] }),
        repo.listPlaceTags(tenant.clientId),
      ]);
      return places.map((p) => ({
        ...p,
        translations: parseTranslations(p.translations),
        tagIds: links.filter((l) => l.place_id === p.id).map((l) => l.tag_id),
      }));
    },

    /** GET getCitiesForMap */
    async cities(tenant: ClientTenant) {
      return (await repo.listCities(tenant.clientId)).map((c) => ({
        ...c,
        translations: parseTranslations(c.translations),
      }));
    },

    /** GET getTagsForMap */
    async tags(tenant: ClientTenant) {
      return (await repo.listTags(tenant.clientId)).map((t) => ({
        ...t,
        translations: parseTranslations(t.translations),
      }));
    },

    /** POST places/gallery: the place's gallery images in order; 403 while its gallery module is off. */
    async gallery(tenant: PlaceTenant) {
      await repo.requireGallery(tenant.placeId);
      return (await repo.listGallery(tenant.placeId)).map((g) => ({
        ...g,
        translations: parseTranslations(g.translations),
      }));
    },
  };
}
export type PlacesService = ReturnType<typeof createPlacesService>;
