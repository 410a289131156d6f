/** The error answer every route documents (the error handler's shape). */
import { ApiError } from '@trapeza/domain/contracts/menu';

export const errorResponses = {
  400: ApiError.describe('Bad input: missing header, malformed query or body'),
  404: ApiError.describe('Unknown client, place or resource'),
} as const;
