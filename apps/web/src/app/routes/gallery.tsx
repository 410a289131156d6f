/** `/{place}/gallery` (spec §2, POST places/gallery): the venue's pictures, each opening large. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateField } from '@trapeza/domain/i18n';
import { ErrorMessage } from '../../components/ui/error-message.tsx';
import { Lightbox } from '../../components/ui/lightbox.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { galleryQueryOptions } from '../../features/place/api/get-gallery.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useVenue } from '../../hooks/use-venue.ts';
import { Redirect } from '../redirect.tsx';

/** The gallery module switched off: no such page (issue 24; the server answers the page 404 too). */
export function Component() {
  const venue = useVenue();
  if (!venue.info.functionality_modules.includes('gallery')) return <Redirect to="/404" />;
  return <GalleryPage />;
}

function GalleryPage() {
  const venue = useVenue();
  const { t } = useTranslation();
  const gallery = useQuery(galleryQueryOptions(venue.place));
  const [open, setOpen] = useState<number | null>(null);
  usePageMeta(t('nav.gallery'), venue.name);
  const caption = (img: { translations: Record<string, Record<string, string>> }) =>
    translateField({ caption: null, translations: img.translations }, 'caption', venue.lang);
  return (
    <div className="page">
      <h1>{t('nav.gallery')}</h1>
      {gallery.isPending ? (
        <PageLoading />
      ) : gallery.isError ? (
        <ErrorMessage error={gallery.error} onRetry={() => void gallery.refetch()} />
      ) : gallery.data.length === 0 ? (
        <p>{t('gallery.empty')}</p>
      ) : (
        <ul className="gallery">
          {gallery.data.map((img, i) => (
            <li key={img.id}>
              <button
                type="button"
                onClick={() => setOpen(i)}
                aria-label={caption(img) || t('gallery.image', { n: i + 1 })}
              >
                <img
                  src={img.path}
                  alt=""
                  width={400}
                  height={300}
                  loading={i < 4 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {open !== null && gallery.data?.[open] && (
        <Lightbox
          images={[{ path: gallery.data[open].path, width: null, height: null }]}
          alt={caption(gallery.data[open]) || t('gallery.image', { n: open + 1 })}
          open
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
