/**
 * The field problems of a refused call, by field: the server answers every refusal's problems in one shape,
 * `details: [{ path, code, message }]` (issue 22 #3), `path` dotted (`product_variants.0.price`), '' for the whole
 * input (left out here: no field to show it beside).
 */
import { ApiRequestError } from './api-client.ts';

export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !Array.isArray(error.body?.details)) return {};
  const out: Record<string, string> = {};
  for (const d of error.body.details) if (d.path) out[d.path] = d.message;
  return out;
}
