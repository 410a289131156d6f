/**
 * The server answers `message_trans` from packages/domain in the guest's language; the cart shows its own i18n under
 * the same keys. Both must say the same thing in all five languages, so a guest never reads one text on the form and
 * another in the server's answer.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@trapeza/domain/i18n';
import {
  DESIGNED_ORDER_ERROR_MESSAGES,
  ORDER_ERROR_CODES,
  ORDER_ERROR_MESSAGES,
} from '@trapeza/domain/errors';
import { VALIDATION_CODES, VALIDATION_MESSAGES } from '@trapeza/domain/validation';
import { cartBundle } from './loaders.ts';

describe.each(LANGUAGES)('cart texts in %s', (lang) => {
  it('every §8 order error and every validation code reads as the server answers it', async () => {
    const texts = ((await cartBundle[lang]()) as { default: Record<string, Record<string, string>> }).default;
    for (const code of [...ORDER_ERROR_CODES, 'other', 'no_response'] as const) {
      expect(texts.errors?.[code], `errors.${code}`).toBe(ORDER_ERROR_MESSAGES[code][lang]);
    }
    expect(texts.errors?.order_amount_too_large).toBe(
      DESIGNED_ORDER_ERROR_MESSAGES.order_amount_too_large[lang],
    );
    for (const code of VALIDATION_CODES) {
      expect(texts.validation?.[code], `validation.${code}`).toBe(VALIDATION_MESSAGES[code][lang]);
    }
  });
});
