import { useTranslation } from 'react-i18next';
import { normalizeLanguage, type Language } from '@trapeza/domain/i18n';

/** The current UI language as one of the five supported codes. */
export function useLang(): Language {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}
