/**
 * Logging calls of spec §7. `spent_time_on_page` is also sent with `navigator.sendBeacon` on unload, which cannot
 * set headers: then the body carries `placeId` (the server also accepts the JSON as text/plain for that case).
 * Times are epoch milliseconds or ISO strings. Page time is stored only when 2 s < duration < 300 s (spec §9).
 */
import { z } from 'zod';

const time = z.union([z.number().finite().nonnegative(), z.string().min(1).max(40)]);
const optionalId = z.coerce.number().int().positive().nullish();

export const SpentTimeOnPageBody = z.object({
  startTime: time,
  endTime: time,
  catHierarchyId: optionalId,
  productId: optionalId,
  page: z.string().max(500).nullish(),
  placeId: optionalId,
});
export type SpentTimeOnPageBody = z.infer<typeof SpentTimeOnPageBody>;

export const SystemLogBody = z.object({
  action: z.string().min(1).max(200),
  data: z.unknown().optional(),
});
export type SystemLogBody = z.infer<typeof SystemLogBody>;

export const UserActionBody = z.object({
  page: z.string().max(500).nullish(),
  action_type: z.string().min(1).max(100),
  categoryId: optionalId,
  productId: optionalId,
});
export type UserActionBody = z.infer<typeof UserActionBody>;

/** `stored` is false when a page-time entry falls outside the stored window. */
export const LogResponse = z.object({ ok: z.literal(true), stored: z.boolean() });
