/**
 * Order types and delivery zones (spec §3 Order type): the types a place offers, their price and discount tiers,
 * delivery radiuses and polygons (checked: ≥ 3 points, closed, no crossing edges) with active windows and
 * free-delivery thresholds, and the delivery regions. Zones only make sense for delivery (type 2).
 */
import type { z } from 'zod';
import type {
  AdminOrderTypeDiscountsBody,
  AdminOrderTypePricesBody,
  AdminRadiusBody,
  AdminRegionCreateBody,
  AdminRegionUpdateBody,
  AdminShapeBody,
} from '@trapeza/domain/contracts/admin';
import { checkDeliveryPolygon } from '@trapeza/domain/delivery/polygon';
import { DomainError, detail, notFound } from '../../lib/domain-error.ts';
import { parseJson, parseTranslations } from '../menu/menu.mapping.ts';
import type { AdminCallContext } from './admin-access.ts';
import type { AuditRepository } from './admin-audit.repository.ts';
import type { AdminZonesRepository } from './admin-zones.repository.ts';

const DELIVERY = 2;

export function createAdminZonesService(deps: {
  repo: AdminZonesRepository;
  audit: AuditRepository;
  publish: (placeId?: number) => void;
}) {
  const { repo, audit, publish } = deps;

  async function requireType(ctx: AdminCallContext, id: number) {
    const row = await repo.findOrderType(ctx.placeId, id);
    if (!row) throw notFound('order_type_not_found', `Order type ${id} is not in this place`);
    return row;
  }

  async function requireDelivery(ctx: AdminCallContext, id: number) {
    const row = await requireType(ctx, id);
    if (row.type !== DELIVERY) {
      throw new DomainError(
        400,
        'not_a_delivery_type',
        'Delivery zones belong to the delivery order type (2)',
      );
    }
    return row;
  }

  function shapeRow(b: z.output<typeof AdminShapeBody>) {
    const check = checkDeliveryPolygon(b.coordinates);
    if (!check.ok) {
      throw new DomainError(400, 'invalid_polygon', `coordinates: ${check.message}`, {
        details: [detail('coordinates', check.code, check.message)],
      });
    }
    const { translations, ...rest } = b;
    return {
      ...rest,
      ...(translations !== undefined ? { translations: JSON.stringify(translations) } : {}),
      coordinates: JSON.stringify(check.ring),
    };
  }

  const changed = async (
    ctx: AdminCallContext,
    action: 'create' | 'update' | 'delete',
    entity: string,
    id: number | null,
    details?: unknown,
  ) => {
    await audit.record(ctx, action, entity, id, details);
    publish(ctx.placeId);
  };

  return {
    async list(ctx: AdminCallContext) {
      const { types, prices, discounts, radiuses, shapes } = await repo.orderTypes(ctx.placeId);
      return types.map((t) => ({
        id: t.id,
        type: t.type,
        active: t.active ? (1 as const) : (0 as const),
        prices: prices
          .filter((p) => p.order_type_id === t.id)
          .map(({ price_over, price }) => ({ price_over, price })),
        discounts: discounts
          .filter((d) => d.order_type_id === t.id)
          .map(({ order_type_id: _, value_type, ...d }) => ({
            ...d,
            value_type: value_type === 'money' ? ('money' as const) : ('percent' as const),
          })),
        radiuses: radiuses.filter((r) => r.order_type_id === t.id).map(({ order_type_id: _, ...r }) => r),
        delivery_shapes: shapes
          .filter((s) => s.order_type_id === t.id)
          .map(({ order_type_id: _, coordinates, translations, ...s }) => ({
            ...s,
            translations: parseTranslations(translations),
            coordinates: parseJson<[number, number][]>(coordinates, []),
          })),
      }));
    },

    async one(ctx: AdminCallContext, id: number) {
      const found = (await this.list(ctx)).find((t) => t.id === id);
      if (!found) throw notFound('order_type_not_found', `Order type ${id} is not in this place`);
      return found;
    },

    async create(ctx: AdminCallContext, type: number, active: number) {
      if (await repo.findOrderTypeByType(ctx.placeId, type)) {
        throw new DomainError(409, 'order_type_exists', `The place already offers order type ${type}`);
      }
      const id = await repo.insertOrderType(ctx.placeId, type, active);
      await changed(ctx, 'create', 'order_type', id, { type });
      return this.one(ctx, id);
    },

    async setActive(ctx: AdminCallContext, id: number, active: number) {
      await requireType(ctx, id);
      await repo.setOrderTypeActive(ctx.placeId, id, active);
      await changed(ctx, 'update', 'order_type', id, { active });
      return this.one(ctx, id);
    },

    async remove(ctx: AdminCallContext, id: number) {
      await requireType(ctx, id);
      await repo.deleteOrderType(ctx.placeId, id);
      await changed(ctx, 'delete', 'order_type', id);
    },

    async setPrices(ctx: AdminCallContext, id: number, rows: z.output<typeof AdminOrderTypePricesBody>) {
      await requireType(ctx, id);
      await repo.replacePrices(id, rows);
      await changed(ctx, 'update', 'order_type_prices', id, { tiers: rows.length });
      return this.one(ctx, id);
    },

    async setDiscounts(
      ctx: AdminCallContext,
      id: number,
      rows: z.output<typeof AdminOrderTypeDiscountsBody>,
    ) {
      await requireType(ctx, id);
      await repo.replaceDiscounts(id, rows);
      await changed(ctx, 'update', 'order_type_discounts', id, { tiers: rows.length });
      return this.one(ctx, id);
    },

    async addRadius(ctx: AdminCallContext, orderTypeId: number, b: z.output<typeof AdminRadiusBody>) {
      await requireDelivery(ctx, orderTypeId);
      const id = await repo.insertRadius(orderTypeId, b);
      await changed(ctx, 'create', 'delivery_radius', id);
      return this.one(ctx, orderTypeId);
    },

    async updateRadius(ctx: AdminCallContext, id: number, b: z.output<typeof AdminRadiusBody>) {
      if (!(await repo.updateRadius(ctx.placeId, id, b)))
        throw notFound('radius_not_found', `Radius ${id} is not in this place`);
      await changed(ctx, 'update', 'delivery_radius', id);
      return this.list(ctx);
    },

    async deleteRadius(ctx: AdminCallContext, id: number) {
      if (!(await repo.deleteRadius(ctx.placeId, id)))
        throw notFound('radius_not_found', `Radius ${id} is not in this place`);
      await changed(ctx, 'delete', 'delivery_radius', id);
    },

    async addShape(ctx: AdminCallContext, orderTypeId: number, b: z.output<typeof AdminShapeBody>) {
      await requireDelivery(ctx, orderTypeId);
      const id = await repo.insertShape(orderTypeId, shapeRow(b));
      await changed(ctx, 'create', 'delivery_shape', id, { name: b.name });
      return this.one(ctx, orderTypeId);
    },

    async updateShape(ctx: AdminCallContext, id: number, b: z.output<typeof AdminShapeBody>) {
      if (!(await repo.updateShape(ctx.placeId, id, shapeRow(b)))) {
        throw notFound('shape_not_found', `Delivery shape ${id} is not in this place`);
      }
      await changed(ctx, 'update', 'delivery_shape', id);
      return this.list(ctx);
    },

    async deleteShape(ctx: AdminCallContext, id: number) {
      if (!(await repo.deleteShape(ctx.placeId, id)))
        throw notFound('shape_not_found', `Delivery shape ${id} is not in this place`);
      await changed(ctx, 'delete', 'delivery_shape', id);
    },

    async regions(ctx: AdminCallContext) {
      return (await repo.listRegions(ctx.placeId)).map((r) => ({
        id: r.id,
        name: r.name,
        translations: parseTranslations(r.translations),
        delivery_price: r.delivery_price,
        required_order_price_for_free_delivery: r.required_order_price_for_free_delivery,
        active: r.active ? (1 as const) : (0 as const),
      }));
    },

    async region(ctx: AdminCallContext, id: number) {
      const found = (await this.regions(ctx)).find((r) => r.id === id);
      if (!found) throw notFound('region_not_found', `Region ${id} is not in this place`);
      return found;
    },

    async createRegion(ctx: AdminCallContext, b: z.output<typeof AdminRegionCreateBody>) {
      const id = await repo.insertRegion({
        place_id: ctx.placeId,
        name: b.name,
        translations: JSON.stringify(b.translations ?? {}),
        delivery_price: b.delivery_price,
        required_order_price_for_free_delivery: b.required_order_price_for_free_delivery ?? null,
        active: b.active ?? 1,
      });
      await changed(ctx, 'create', 'region', id, { name: b.name });
      return this.region(ctx, id);
    },

    async updateRegion(ctx: AdminCallContext, id: number, b: z.output<typeof AdminRegionUpdateBody>) {
      const { translations, ...rest } = b;
      const ok = await repo.updateRegion(ctx.placeId, id, {
        ...rest,
        ...(translations !== undefined ? { translations: JSON.stringify(translations) } : {}),
      });
      if (!ok) throw notFound('region_not_found', `Region ${id} is not in this place`);
      await changed(ctx, 'update', 'region', id);
      return this.region(ctx, id);
    },

    async deleteRegion(ctx: AdminCallContext, id: number) {
      if (!(await repo.deleteRegion(ctx.placeId, id)))
        throw notFound('region_not_found', `Region ${id} is not in this place`);
      await changed(ctx, 'delete', 'region', id);
    },
  };
}
export type AdminZonesService = ReturnType<typeof createAdminZonesService>;
