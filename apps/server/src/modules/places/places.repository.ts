/** Place and landing-page reads; every query scoped by the client or the place. */
import type { AppDatabase } from '../../db/database.ts';
import { requirePlaceModule } from './place-modules.repository.ts';

export function createPlacesRepository(db: AppDatabase) {
  const placeOrderTypeIds = (placeId: number) =>
    db.selectFrom('order_types').select('id').where('place_id', '=', placeId).where('active', '=', 1);

  return {
    findPlace(clientId: number, placeId: number) {
      return db
        .selectFrom('places')
        .innerJoin('clients', 'clients.id', 'places.client_id')
        .select([
          'places.id',
          'places.slug',
          'places.name',
          'places.translations',
          'places.functionality_modules',
          'places.city_id',
          'places.address',
          'places.phone',
          'places.email',
          'places.lat',
          'places.lng',
          'clients.id as client_id',
          'clients.slug as client_slug',
          'clients.name as client_name',
        ])
        .where('places.client_id', '=', clientId)
        .where('places.id', '=', placeId)
        .executeTakeFirst();
    },

    listOrderTypes(placeId: number) {
      return db
        .selectFrom('order_types')
        .select(['id', 'type'])
        .where('place_id', '=', placeId)
        .where('active', '=', 1)
        .orderBy('type')
        .execute();
    },
    listOrderTypePrices(placeId: number) {
      return db
        .selectFrom('order_type_prices')
        .select(['order_type_id', 'price_over', 'price'])
        .where('order_type_id', 'in', placeOrderTypeIds(placeId))
        .orderBy('price_over')
        .execute();
    },
    listOrderTypeDiscounts(placeId: number) {
      return db
        .selectFrom('order_type_discounts')
        .select([
          'order_type_id',
          'price_over',
          'value',
          'value_type',
          'active_start_time',
          'active_end_time',
        ])
        .where('order_type_id', 'in', placeOrderTypeIds(placeId))
        .orderBy('price_over')
        .execute();
    },
    listDeliveryRadiuses(placeId: number) {
      return db
        .selectFrom('delivery_radiuses')
        .select([
          'id',
          'order_type_id',
          'radius_start',
          'radius_end',
          'delivery_price',
          'required_order_price_for_free_delivery',
        ])
        .where('order_type_id', 'in', placeOrderTypeIds(placeId))
        .orderBy('radius_start')
        .execute();
    },
    listDeliveryShapes(placeId: number) {
      return db
        .selectFrom('delivery_shapes')
        .select([
          'id',
          'order_type_id',
          'name',
          'translations',
          'delivery_price',
          'coordinates',
          'active_time_from',
          'active_time_to',
          'required_order_price_for_free_delivery',
        ])
        .where('order_type_id', 'in', placeOrderTypeIds(placeId))
        .orderBy('id')
        .execute();
    },
    listRegions(placeId: number) {
      return db
        .selectFrom('regions')
        .select(['id', 'name', 'translations', 'delivery_price', 'required_order_price_for_free_delivery'])
        .where('place_id', '=', placeId)
        .where('active', '=', 1)
        .orderBy('name')
        .execute();
    },
    listSettingsWithPrefix(placeId: number, prefix: string) {
      return db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('place_id', '=', placeId)
        .where('key', 'like', `${prefix}%`)
        .orderBy('key')
        .execute();
    },

    listMapPlaces(clientId: number, filter: { cityId: number | null; tagIds: number[] }) {
      let q = db
        .selectFrom('places')
        .select(['id', 'slug', 'name', 'translations', 'address', 'phone', 'lat', 'lng', 'city_id'])
        .where('client_id', '=', clientId)
        .where('active', '=', 1);
      if (filter.cityId !== null) q = q.where('city_id', '=', filter.cityId);
      if (filter.tagIds.length > 0) {
        q = q.where(
          'id',
          'in',
          db.selectFrom('place_tags').select('place_id').where('tag_id', 'in', filter.tagIds),
        );
      }
      return q.orderBy('name').execute();
    },
    listPlaceTags(clientId: number) {
      return db
        .selectFrom('place_tags')
        .innerJoin('places', 'places.id', 'place_tags.place_id')
        .innerJoin('tags', 'tags.id', 'place_tags.tag_id')
        .select(['place_tags.place_id', 'place_tags.tag_id'])
        .where('places.client_id', '=', clientId)
        .where('tags.client_id', '=', clientId)
        .execute();
    },
    listCities(clientId: number) {
      return db
        .selectFrom('cities')
        .select(['id', 'name', 'translations'])
        .where('client_id', '=', clientId)
        .orderBy('name')
        .execute();
    },
    listTags(clientId: number) {
      return db
        .selectFrom('tags')
        .select(['id', 'name', 'translations'])
        .where('client_id', '=', clientId)
        .orderBy('name')
        .execute();
    },
    /** 403 `gallery_module_disabled` while the venue's gallery module is off. */
    requireGallery(placeId: number) {
      return requirePlaceModule(db, placeId, 'gallery');
    },
    listGallery(placeId: number) {
      return db
        .selectFrom('gallery_images')
        .select(['id', 'path', 'translations', 'position'])
        .where('place_id', '=', placeId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
  };
}
export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
