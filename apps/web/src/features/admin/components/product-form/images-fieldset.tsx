/** The product's images: uploaded by drop or picker, removable, and the first one's focal point and zoom. */
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import { FocalPoint, ImageDrop } from '../image-drop.tsx';
import s from '../admin.module.css';
import type { ProductDraft, SetDraftField, UpdateDraft } from './product-draft.ts';

export function ImagesFieldset({
  draft,
  set,
  update,
}: {
  draft: ProductDraft;
  set: SetDraftField;
  update: UpdateDraft;
}) {
  const t = useAdminT();
  const firstImage = draft.product_images[0];
  return (
    <fieldset>
      <legend>{t('menu.images')}</legend>
      <div className={s.row}>
        {draft.product_images.map((img, i) => (
          <div key={img.path} className={s.field}>
            <img src={img.path} alt="" width={96} height={72} style={{ objectFit: 'cover' }} />
            <button
              type="button"
              className={s.iconBtn}
              aria-label={t('common.remove')}
              onClick={() =>
                set(
                  'product_images',
                  draft.product_images.filter((_, j) => j !== i),
                )
              }
            >
              ×
            </button>
          </div>
        ))}
      </div>
      <ImageDrop
        onUploaded={(img) =>
          set('product_images', [
            ...draft.product_images,
            { path: img.path, width: img.width, height: img.height },
          ])
        }
      />
      {firstImage && (
        <FocalPoint
          src={firstImage.path}
          name={draft.name}
          positionY={draft.image_position_y}
          scale={draft.image_scale}
          onChange={(y, sc) => update((d) => ({ ...d, image_position_y: y, image_scale: sc }))}
        />
      )}
    </fieldset>
  );
}
