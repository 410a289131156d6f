/** Image zoom / lightbox (spec §2): the product's images large, in a modal, with next/previous for several. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal.tsx';
import { brokenImage } from './broken-image.ts';

export interface LightboxImage {
  path: string;
  width: number | null;
  height: number | null;
}

export function Lightbox({
  images,
  alt,
  open,
  onClose,
}: {
  images: LightboxImage[];
  alt: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const image = images[index];
  if (!image) return null;
  return (
    <Modal open={open} title={alt} onClose={onClose} wide>
      <img
        {...brokenImage}
        src={image.path}
        alt={alt}
        width={image.width ?? 800}
        height={image.height ?? 600}
        style={{ width: '100%', height: 'auto', maxHeight: '75dvh', objectFit: 'contain' }}
      />
      {images.length > 1 && (
        <div className="row-between">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setIndex((index - 1 + images.length) % images.length)}
          >
            {t('common.previous')}
          </button>
          <span>
            {index + 1} / {images.length}
          </span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setIndex((index + 1) % images.length)}
          >
            {t('common.next')}
          </button>
        </div>
      )}
    </Modal>
  );
}
