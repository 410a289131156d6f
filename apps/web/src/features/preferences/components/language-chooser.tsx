/** The language chooser (spec §2): five languages, the choice kept in its cookie for 8760 hours. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@trapeza/domain/i18n';
import { Modal } from '../../../components/ui/modal.tsx';
import { changeLanguage, LANGUAGE_NAMES } from '../../../i18n/i18n.ts';
import styles from './preferences.module.css';
import { GlobeIcon } from '../../../components/ui/icons.tsx';

export function LanguageChooser({ current }: { current: Language }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const code = current === 'fr-CH' ? 'FR' : current.toUpperCase();
  return (
    <>
      <button
        type="button"
        className="icon-button"
        onClick={() => setOpen(true)}
        // The name carries the visible code too (WCAG 2.5.3 label in name; axe label-content-name-mismatch).
        aria-label={`${code} – ${t('language.choose')}`}
        aria-haspopup="dialog"
      >
        <GlobeIcon />
        <span className={styles.code}>{code}</span>
      </button>
      <Modal open={open} title={t('language.title')} onClose={() => setOpen(false)}>
        <ul className={styles.list} role="list">
          {LANGUAGES.map((lang) => (
            <li key={lang}>
              <button
                type="button"
                lang={lang}
                className={styles.option}
                aria-pressed={lang === current}
                onClick={() => {
                  void changeLanguage(lang).then(() => setOpen(false));
                }}
              >
                {LANGUAGE_NAMES[lang]}
              </button>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
