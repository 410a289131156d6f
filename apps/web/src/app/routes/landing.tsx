/** `/`: the landing page — choose a venue, filtered by city and tags (spec §2, §7 map calls). */
import { useId, useState } from 'react';
import { Link } from '../../components/link.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateField } from '@trapeza/domain/i18n';
import { ErrorMessage } from '../../components/ui/error-message.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { citiesQueryOptions, tagsQueryOptions } from '../../features/place/api/get-cities-and-tags.ts';
import { placesForMapQueryOptions } from '../../features/place/api/get-places-for-map.ts';
import { LanguageChooser } from '../../features/preferences/components/language-chooser.tsx';
import { useLang } from '../../hooks/use-lang.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { Select } from '../../components/ui/select.tsx';
import { Chip, ChipGroup } from '../../components/ui/chip.tsx';

export function Component() {
  const { t } = useTranslation();
  const lang = useLang();
  const cityId = useId();
  const [city, setCity] = useState<number | null>(null);
  const [tags, setTags] = useState<number[]>([]);
  const cities = useQuery(citiesQueryOptions());
  const tagList = useQuery(tagsQueryOptions());
  const places = useQuery(placesForMapQueryOptions(city, tags));
  usePageMeta(t('landing.title'));
  return (
    <>
      <header className="landing-header">
        <span className="landing-brand">{t('app.name')}</span>
        <LanguageChooser current={lang} />
      </header>
      <main id="main" className="page page-narrow">
        <h1>{t('landing.title')}</h1>
        <p className="lead">{t('landing.intro')}</p>
        <form className="filters" onSubmit={(e) => e.preventDefault()} aria-label={t('landing.filters')}>
          {(cities.data?.length ?? 0) > 0 && (
            <div className="field">
              <label htmlFor={cityId}>{t('landing.city')}</label>
              <Select
                id={cityId}
                value={city == null ? '' : String(city)}
                onValueChange={(v) => setCity(v === '' ? null : Number(v))}
                options={[
                  { value: '', label: t('landing.allCities') },
                  ...(cities.data ?? []).map((c) => ({
                    value: String(c.id),
                    label: translateField(c, 'name', lang),
                  })),
                ]}
              />
            </div>
          )}
          {(tagList.data?.length ?? 0) > 0 && (
            <ChipGroup label={t('landing.tags')}>
              {tagList.data?.map((tag) => (
                <Chip
                  key={tag.id}
                  pressed={tags.includes(tag.id)}
                  onPressedChange={() =>
                    setTags(tags.includes(tag.id) ? tags.filter((x) => x !== tag.id) : [...tags, tag.id])
                  }
                >
                  {translateField(tag, 'name', lang)}
                </Chip>
              ))}
            </ChipGroup>
          )}
        </form>
        {places.isPending ? (
          <PageLoading />
        ) : places.isError ? (
          <ErrorMessage error={places.error} onRetry={() => void places.refetch()} />
        ) : places.data.length === 0 ? (
          <p role="status">{t('landing.noPlaces')}</p>
        ) : (
          <ul className="place-list" aria-label={t('landing.places')}>
            {places.data.map((p) => (
              <li key={p.id}>
                <Link to={`/${p.slug}`} className="place-card">
                  <span className="place-card-name">{translateField(p, 'name', lang)}</span>
                  {p.address && <span className="muted">{p.address}</span>}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
