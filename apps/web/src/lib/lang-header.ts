/** The `lang` header of the accounts calls: the server answers (and mails the reset link) in the guest's language. */
import { normalizeLanguage } from '@trapeza/domain/i18n';
import { i18next } from '../i18n/i18n.ts';

export function langHeader(): Record<string, string> {
  return { lang: normalizeLanguage(i18next.resolvedLanguage ?? i18next.language) };
}
