/**
 * Place (venue) and landing-page contracts. `GET /api/place` is designed (not in spec §7): the current place's
 * public facts the web app needs before the menu — identity, contact, location, functionality modules, the order
 * types offered with their price tiers, discounts and delivery zones (spec §3 Place / Order type), regions and the
 * working-hours settings. The landing calls (`getPlacesForMap`, `getCitiesForMap`, `getTagsForMap`) are
 * client-wide; `places/gallery` is per place. Money: decimals of the venue currency on the wire (the `money` codec;
 * a discount's `value` when its `value_type` is 'money'), minor units in code; the admin API reuses the order-type
 * shapes in minor units (the `…Minor` twins). Coordinates are [lat, lng].
 */
import { z } from 'zod';
import { Translations } from './menu.ts';
import { money, moneyWhen } from './money.ts';

const minor = z.number().int();
type Money = typeof money | typeof minor;

const flagOrder = z.number().int();

const orderTypeParts = (m: Money) => {
  const price = z.object({ price_over: m, price: m });
  const discountShape = z.object({
    price_over: m,
    /** A percent, or an amount when value_type is 'money'. */
    value: z.number(),
    value_type: z.enum(['percent', 'money']),
    active_start_time: z.string().nullable(),
    active_end_time: z.string().nullable(),
  });
  const radius = z.object({
    id: z.number().int(),
    radius_start: z.number(),
    radius_end: z.number(),
    delivery_price: m,
    required_order_price_for_free_delivery: m.nullable(),
  });
  const shape = z.object({
    id: z.number().int(),
    /** The zone's name in Bulgarian (the base field); the other languages in translations ({ en: { name } }). */
    name: z.string().nullable(),
    translations: Translations,
    delivery_price: m,
    coordinates: z.array(z.tuple([z.number(), z.number()])),
    active_time_from: z.string().nullable(),
    active_time_to: z.string().nullable(),
    required_order_price_for_free_delivery: m.nullable(),
  });
  const region = z.object({
    id: z.number().int(),
    name: z.string(),
    translations: Translations,
    delivery_price: m,
    required_order_price_for_free_delivery: m.nullable(),
  });
  return { price, discountShape, radius, shape, region };
};
const wire = orderTypeParts(money);
const inMinor = orderTypeParts(minor);

export const StoreOrderTypePrice = wire.price;
export const StoreOrderTypeDiscount = moneyWhen(wire.discountShape, 'value_type', 'value');
export const StoreDeliveryRadius = wire.radius;
export const StoreDeliveryShape = wire.shape;
/** The admin API's order-type parts, in minor units. */
export const OrderTypePriceMinor = inMinor.price;
export const OrderTypeDiscountMinor = inMinor.discountShape;
export const DeliveryRadiusMinor = inMinor.radius;
export const DeliveryShapeMinor = inMinor.shape;
export const RegionMinor = inMinor.region;

/** An order type the place offers: 1 spot, 2 delivery, 3 pickup, 4 spot browse, 6 room, 7 served on spot. */
export const StoreOrderType = z.object({
  id: z.number().int(),
  type: flagOrder,
  prices: z.array(StoreOrderTypePrice),
  discounts: z.array(StoreOrderTypeDiscount),
  radiuses: z.array(StoreDeliveryRadius),
  delivery_shapes: z.array(StoreDeliveryShape),
});
export type StoreOrderType = z.infer<typeof StoreOrderType>;

export const StoreRegion = wire.region;

/** GET place */
export const StorePlaceResponse = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  translations: Translations,
  client: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  city_id: z.number().int().nullable(),
  /** e.g. ["payments", "booking"] */
  functionality_modules: z.array(z.string()),
  ordertypes: z.array(StoreOrderType),
  regions: z.array(StoreRegion),
  /** The working-hours settings (`working_hours…` keys) as stored, for the about page and the order rules. */
  working_hours: z.record(z.string(), z.string()),
});
export type StorePlaceResponse = z.infer<typeof StorePlaceResponse>;

/** POST getPlacesForMap */
export const PlacesForMapBody = z
  .object({
    cityId: z.coerce.number().int().positive().nullish(),
    tagIds: z.array(z.coerce.number().int().positive()).max(100).nullish(),
  })
  .strict();
export const StoreMapPlace = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  translations: Translations,
  address: z.string().nullable(),
  phone: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  city_id: z.number().int().nullable(),
  tagIds: z.array(z.number().int()),
});
export const StorePlacesForMapResponse = z.array(StoreMapPlace);

export const StoreCity = z.object({ id: z.number().int(), name: z.string(), translations: Translations });
export const StoreCitiesResponse = z.array(StoreCity);
export const StoreTag = z.object({ id: z.number().int(), name: z.string(), translations: Translations });
export const StoreTagsResponse = z.array(StoreTag);

/** POST places/gallery: the place comes from the headers; the body may be empty. */
export const PlaceGalleryBody = z.object({}).passthrough().nullish();
export const StoreGalleryImage = z.object({
  id: z.number().int(),
  path: z.string(),
  translations: Translations,
  position: z.number().int(),
});
export const StoreGalleryResponse = z.array(StoreGalleryImage);
