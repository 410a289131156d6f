/**
 * Promo codes (percent or money, validity window, usage limit, eligible products; spec §3 promo result, §5, §9)
 * and registered-user discounts on the nth order (spec §3, §9). The orders module applies them; this service only
 * keeps them consistent: one code per place (case-insensitive), eligible products of the place, one active
 * discount per order number. Timestamps are stored as ISO-8601 UTC, the form the orders module compares.
 */
import type { z } from 'zod';
import type {
  AdminPromoCodeCreateBody,
  AdminPromoCodeUpdateBody,
  AdminUserDiscountCreateBody,
  AdminUserDiscountUpdateBody,
} from '@trapeza/domain/contracts/admin';
import { DomainError, detail, notFound } from '../../lib/domain-error.ts';
import { parseJson } from '../menu/menu.mapping.ts';
import type { AdminCallContext } from './admin-access.ts';
import type { AuditRepository } from './admin-audit.repository.ts';
import type { AdminPromosRepository } from './admin-promos.repository.ts';

type PromoUpdate = z.output<typeof AdminPromoCodeUpdateBody>;
const utc = (iso: string | null | undefined) => (iso == null ? iso : new Date(iso).toISOString());
const flag = (v: number) => (v ? (1 as const) : (0 as const));
const invalid = (field: string, message: string) =>
  new DomainError(400, 'validation_error', `${field}: ${message}`, {
    details: [detail(field, 'invalid', message)],
  });

export function createAdminPromosService(deps: { repo: AdminPromosRepository; audit: AuditRepository }) {
  const { repo, audit } = deps;

  async function checkEligible(ctx: AdminCallContext, ids: number[] | null | undefined) {
    if (!ids?.length) return;
    const have = await repo.existingProductIds(ctx.placeId, ids);
    const unknown = ids.filter((i) => !have.has(i));
    if (unknown.length) throw invalid('eligible_product_ids', `unknown in this place: ${unknown.join(', ')}`);
  }

  function promoColumns(b: PromoUpdate) {
    const { eligible_product_ids, valid_from, valid_to, code, ...rest } = b;
    return {
      ...rest,
      ...(code !== undefined ? { code: code.toUpperCase() } : {}),
      ...(valid_from !== undefined ? { valid_from: utc(valid_from) } : {}),
      ...(valid_to !== undefined ? { valid_to: utc(valid_to) } : {}),
      ...(eligible_product_ids !== undefined
        ? // The column's JSON 'null' means every product (the orders module reads it so).
          { eligible_product_ids: JSON.stringify(eligible_product_ids) }
        : {}),
    };
  }

  return {
    async promos(ctx: AdminCallContext) {
      return (await repo.listPromos(ctx.placeId)).map((p) => ({
        id: p.id,
        code: p.code,
        discount_type: p.discount_type === 'money' ? ('money' as const) : ('percent' as const),
        discount_value: Number(p.discount_value),
        ignore_other_discounts: flag(p.ignore_other_discounts),
        valid_from: p.valid_from,
        valid_to: p.valid_to,
        max_uses: p.max_uses,
        used_count: Number(p.used_count),
        eligible_product_ids: parseJson<number[] | null>(p.eligible_product_ids, null),
        active: flag(p.active),
      }));
    },

    async promo(ctx: AdminCallContext, id: number) {
      const found = (await this.promos(ctx)).find((p) => p.id === id);
      if (!found) throw notFound('promo_code_not_found', `Promo code ${id} is not in this place`);
      return found;
    },

    async createPromo(ctx: AdminCallContext, b: z.output<typeof AdminPromoCodeCreateBody>) {
      if (await repo.findPromoByCode(ctx.placeId, b.code)) {
        throw new DomainError(
          409,
          'promo_code_exists',
          `The code ${b.code.toUpperCase()} already exists here`,
        );
      }
      await checkEligible(ctx, b.eligible_product_ids);
      const id = await repo.insertPromo({
        place_id: ctx.placeId,
        ignore_other_discounts: 0,
        valid_from: null,
        valid_to: null,
        max_uses: null,
        used_count: 0,
        eligible_product_ids: 'null',
        active: 1,
        ...promoColumns(b),
        code: b.code.toUpperCase(),
        discount_type: b.discount_type,
        discount_value: b.discount_value,
      });
      await audit.record(ctx, 'create', 'promo_code', id, { code: b.code });
      return this.promo(ctx, id);
    },

    async updatePromo(ctx: AdminCallContext, id: number, b: PromoUpdate) {
      const current = await this.promo(ctx, id);
      if (b.code !== undefined) {
        const clash = await repo.findPromoByCode(ctx.placeId, b.code);
        if (clash && clash.id !== id) {
          throw new DomainError(
            409,
            'promo_code_exists',
            `The code ${b.code.toUpperCase()} already exists here`,
          );
        }
      }
      const type = b.discount_type ?? current.discount_type;
      const value = b.discount_value ?? current.discount_value;
      if (type === 'percent' ? value > 100 : !Number.isInteger(value)) {
        throw invalid('discount_value', 'percent at most 100; money in whole minor units');
      }
      const from = b.valid_from === undefined ? current.valid_from : b.valid_from;
      const to = b.valid_to === undefined ? current.valid_to : b.valid_to;
      if (from && to && Date.parse(from) >= Date.parse(to))
        throw invalid('valid_to', 'must be after valid_from');
      await checkEligible(ctx, b.eligible_product_ids);
      await repo.updatePromo(ctx.placeId, id, promoColumns(b));
      await audit.record(ctx, 'update', 'promo_code', id, { fields: Object.keys(b) });
      return this.promo(ctx, id);
    },

    async deletePromo(ctx: AdminCallContext, id: number) {
      if (!(await repo.deletePromo(ctx.placeId, id))) {
        throw notFound('promo_code_not_found', `Promo code ${id} is not in this place`);
      }
      await audit.record(ctx, 'delete', 'promo_code', id);
    },

    async userDiscounts(ctx: AdminCallContext) {
      return (await repo.listUserDiscounts(ctx.placeId)).map((d) => ({
        id: d.id,
        on_order_number: d.on_order_number,
        discount_type: d.discount_type === 'money' ? ('money' as const) : ('percent' as const),
        discount_amount: Number(d.discount_amount),
        active: flag(d.active),
      }));
    },

    async userDiscount(ctx: AdminCallContext, id: number) {
      const found = (await this.userDiscounts(ctx)).find((d) => d.id === id);
      if (!found) throw notFound('user_discount_not_found', `User discount ${id} is not in this place`);
      return found;
    },

    /** Only one active discount per order number: the orders module would otherwise pick one at random. */
    async checkUnique(ctx: AdminCallContext, orderNumber: number, active: number, selfId?: number) {
      if (!active) return;
      const clash = (await this.userDiscounts(ctx)).find(
        (d) => d.active && d.on_order_number === orderNumber && d.id !== selfId,
      );
      if (clash) {
        throw new DomainError(
          409,
          'user_discount_exists',
          `An active discount for order number ${orderNumber} exists`,
          {
            fields: { id: clash.id },
          },
        );
      }
    },

    async createUserDiscount(ctx: AdminCallContext, b: z.output<typeof AdminUserDiscountCreateBody>) {
      const active = b.active ?? 1;
      await this.checkUnique(ctx, b.on_order_number, active);
      const id = await repo.insertUserDiscount({ place_id: ctx.placeId, ...b, active });
      await audit.record(ctx, 'create', 'user_discount', id, { on_order_number: b.on_order_number });
      return this.userDiscount(ctx, id);
    },

    async updateUserDiscount(
      ctx: AdminCallContext,
      id: number,
      b: z.output<typeof AdminUserDiscountUpdateBody>,
    ) {
      const current = await this.userDiscount(ctx, id);
      const next = { ...current, ...b };
      if (
        next.discount_type === 'percent'
          ? next.discount_amount > 100
          : !Number.isInteger(next.discount_amount)
      ) {
        throw invalid('discount_amount', 'percent at most 100; money in whole minor units');
      }
      await this.checkUnique(ctx, next.on_order_number, next.active, id);
      await repo.updateUserDiscount(ctx.placeId, id, b);
      await audit.record(ctx, 'update', 'user_discount', id, { fields: Object.keys(b) });
      return this.userDiscount(ctx, id);
    },

    async deleteUserDiscount(ctx: AdminCallContext, id: number) {
      if (!(await repo.deleteUserDiscount(ctx.placeId, id))) {
        throw notFound('user_discount_not_found', `User discount ${id} is not in this place`);
      }
      await audit.record(ctx, 'delete', 'user_discount', id);
    },
  };
}
export type AdminPromosService = ReturnType<typeof createAdminPromosService>;
