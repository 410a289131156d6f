/** Footer (spec §2): social links, the venue's footer HTML and ad HTML (sanitised), legal links. */
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import type { UiSettings } from '../../../lib/ui-settings.ts';
import styles from './place-footer.module.css';

const SOCIAL = ['facebook', 'instagram', 'youtube', 'tripadvisor'] as const;
const SOCIAL_NAMES: Record<(typeof SOCIAL)[number], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tripadvisor: 'Tripadvisor',
};

function safeUrl(url: string): string | null {
  try {
    const u = new URL(url, 'https://example.invalid');
    return u.protocol === 'https:' || u.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export function PlaceFooter({
  place,
  ui,
  promotions = false,
  gallery = false,
}: {
  place: string;
  ui: UiSettings;
  /** The venue's promotions module is on: link its promotions screen. */
  promotions?: boolean;
  /** The venue's gallery module is on: link its gallery. */
  gallery?: boolean;
}) {
  const { t } = useTranslation();
  const social = SOCIAL.map((k) => [k, ui.social[k] ? safeUrl(ui.social[k]) : null] as const).filter(
    (e): e is readonly [(typeof SOCIAL)[number], string] => e[1] !== null,
  );
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {social.length > 0 && (
          <ul className={styles.social} aria-label={t('footer.social')}>
            {social.map(([key, url]) => (
              <li key={key}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {SOCIAL_NAMES[key]}
                </a>
              </li>
            ))}
          </ul>
        )}
        {ui.footerHtml && <SafeHtml html={ui.footerHtml} className={styles.html} />}
        {ui.adHtml && (
          <aside aria-label={t('footer.ad')}>
            <SafeHtml html={ui.adHtml} className={styles.html} />
          </aside>
        )}
        <nav aria-label={t('footer.legal')}>
          <ul className={styles.links}>
            <li>
              <Link to={`/${place}/about`}>{t('nav.about')}</Link>
            </li>
            {gallery && (
              <li>
                <Link to={`/${place}/gallery`}>{t('nav.gallery')}</Link>
              </li>
            )}
            {promotions && (
              <li>
                <Link to={`/${place}/offers`}>{t('nav.promotions')}</Link>
              </li>
            )}
            <li>
              <Link to={`/${place}/terms`}>{t('legal.terms')}</Link>
            </li>
            <li>
              <Link to={`/${place}/privacy-policy`}>{t('legal.privacy')}</Link>
            </li>
            <li>
              <Link to={`/${place}/refund-policy`}>{t('legal.refund')}</Link>
            </li>
            {ui.legal.customTerms && (
              <li>
                <Link to={`/${place}/custom-terms`}>{t('legal.customTerms')}</Link>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
