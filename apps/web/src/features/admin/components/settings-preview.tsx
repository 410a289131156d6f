/**
 * The live preview: a small card in the venue's colours that follows every unsaved change, and the guest page
 * itself in an iframe, reloaded after each save (the server drops its menu cache on the change).
 */
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

const COLOUR_KEYS = [
  'primary_color',
  'button_text_color',
  'header_color',
  'secondary_color',
  'background_color',
  'text_color',
  'accent_color',
] as const;

export function SettingsPreview({
  place,
  values,
  revision,
}: {
  place: string;
  values: Record<string, string>;
  revision: number;
}) {
  const t = useAdminT();
  const c = (key: (typeof COLOUR_KEYS)[number]) => values[key] || undefined;
  return (
    <aside className={s.preview} aria-label={t('settings.preview')}>
      <div className={s.card}>
        <h2>{t('settings.preview')}</h2>
        <div
          data-testid="theme-preview"
          style={{
            background: c('background_color'),
            color: c('text_color'),
            borderRadius: '0.5rem',
            overflow: 'hidden',
          }}
        >
          <div style={{ background: c('header_color'), color: c('button_text_color'), padding: '0.5rem' }}>
            {values.logo ? <img src={values.logo} alt="" height={24} /> : null} {place}
          </div>
          <div style={{ padding: '0.75rem' }}>
            <div style={{ background: c('secondary_color'), padding: '0.5rem', borderRadius: '0.4rem' }}>
              {t('settings.sampleProduct')}
              <span style={{ color: c('accent_color'), float: 'right' }}>12.50</span>
            </div>
            <button
              type="button"
              style={{
                marginTop: '0.5rem',
                background: c('primary_color'),
                color: c('button_text_color'),
                border: 0,
                borderRadius: '0.4rem',
                padding: '0.4rem 0.8rem',
              }}
            >
              {t('settings.sampleButton')}
            </button>
          </div>
        </div>
        <div className={s.swatches} style={{ marginTop: '0.5rem' }}>
          {COLOUR_KEYS.map((k) => (
            <span key={k} className={s.swatch} title={k} style={{ background: c(k) }} />
          ))}
        </div>
      </div>
      <div className={s.card}>
        <p className={s.hint}>{t('settings.previewHelp')}</p>
        <iframe key={revision} title={t('settings.guestPage')} src={`/${place}`} loading="lazy" />
      </div>
    </aside>
  );
}
