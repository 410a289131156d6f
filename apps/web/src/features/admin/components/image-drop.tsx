/**
 * Image upload by drag and drop (or the file picker): checked for type and size here for a quick answer, then
 * POST admin/images, which stores the resized WebP / AVIF / JPEG renditions and answers the path to keep.
 */
import { useState, type DragEvent } from 'react';
import {
  ADMIN_IMAGE_MAX_BYTES,
  ADMIN_IMAGE_TYPES,
  type AdminImageResponse,
} from '@trapeza/domain/contracts/admin';
import { Slider } from '../../../components/ui/slider.tsx';
import { uploadImage } from '../api/menu.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

function imageProblem(file: File): 'type' | 'size' | null {
  if (!(ADMIN_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > ADMIN_IMAGE_MAX_BYTES) return 'size';
  return null;
}

export function ImageDrop({
  onUploaded,
  label,
}: {
  onUploaded: (image: AdminImageResponse) => void;
  label?: string;
}) {
  const t = useAdminT();
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function take(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      setError(t(`image.${problem}`, { mb: ADMIN_IMAGE_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onUploaded(await uploadImage(file));
    } catch (err) {
      setError(err instanceof Error ? err.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files);
  };

  return (
    <div
      className={s.dropzone}
      data-over={over}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p>{label ?? t('image.drop')}</p>
      <label className={s.btnGhost}>
        {t('image.choose')}
        <input
          type="file"
          accept={ADMIN_IMAGE_TYPES.join(',')}
          className="visually-hidden"
          onChange={(e) => void take(e.target.files)}
        />
      </label>
      {busy && <p role="status">{t('image.uploading')}</p>}
      {error && (
        <p className={s.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** An image path field: the path as text, an upload beside it and a small preview. */
export function ImageField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (path: string | null) => void;
}) {
  const t = useAdminT();
  return (
    <div className={s.field}>
      <span>{label}</span>
      <div className={s.row}>
        {value && <img src={value} alt="" width={64} height={64} style={{ objectFit: 'cover' }} />}
        <input
          aria-label={label}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value.trim() === '' ? null : e.target.value)}
        />
        {value && (
          <button
            type="button"
            className={s.iconBtn}
            aria-label={t('common.remove')}
            onClick={() => onChange(null)}
          >
            ×
          </button>
        )}
      </div>
      <ImageDrop onUploaded={(img) => onChange(img.path)} />
    </div>
  );
}

/**
 * The focal point set visually: click or drag on the image to choose the line kept in view (image_position_y, 0–100 %)
 * and zoom with the slider (image_scale); the card beside it shows the result as guests see it.
 */
export function FocalPoint({
  src,
  positionY,
  scale,
  onChange,
  name,
}: {
  src: string;
  positionY: number;
  scale: number;
  onChange: (positionY: number, scale: number) => void;
  name: string;
}) {
  const t = useAdminT();
  const [dragging, setDragging] = useState(false);
  const set = (clientY: number, el: HTMLElement) => {
    const box = el.getBoundingClientRect();
    const y = Math.round(Math.max(0, Math.min(100, ((clientY - box.top) / (box.height || 1)) * 100)));
    onChange(y, scale);
  };
  return (
    <div className={s.row} style={{ alignItems: 'flex-start' }}>
      <div>
        <div
          className={s.focal}
          role="slider"
          tabIndex={0}
          aria-label={t('image.focal')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={positionY}
          onPointerDown={(e) => {
            setDragging(true);
            e.currentTarget.setPointerCapture?.(e.pointerId);
            set(e.clientY, e.currentTarget);
          }}
          onPointerMove={(e) => dragging && set(e.clientY, e.currentTarget)}
          onPointerUp={() => setDragging(false)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowUp') onChange(Math.max(0, positionY - 5), scale);
            else if (e.key === 'ArrowDown') onChange(Math.min(100, positionY + 5), scale);
            else return;
            e.preventDefault();
          }}
        >
          <img src={src} alt="" style={{ objectFit: 'contain' }} draggable={false} />
          <span className={s.focalLine} style={{ top: `${positionY}%` }} />
        </div>
        <Slider
          label={t('image.scale')}
          min={0.5}
          max={5}
          step={0.1}
          value={scale}
          valueText={`${scale.toFixed(1)}×`}
          onChange={(v) => onChange(positionY, Math.round(v * 10) / 10)}
        />
        <span className={s.hint}>
          {t('image.position')}: {positionY}%
        </span>
      </div>
      <div className={s.previewCard} aria-label={t('image.preview')}>
        <div style={{ overflow: 'hidden' }}>
          <img
            src={src}
            alt=""
            style={{
              objectPosition: `50% ${positionY}%`,
              transform: scale !== 1 ? `scale(${scale})` : undefined,
              transformOrigin: `50% ${positionY}%`,
            }}
          />
        </div>
        <p style={{ padding: '0.5rem', margin: 0 }}>{name}</p>
      </div>
    </div>
  );
}
