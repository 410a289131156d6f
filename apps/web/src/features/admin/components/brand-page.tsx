/**
 * The client's white-label brand (GET/PUT admin/client, CLIENT_ADMIN and above): name, logo and the primary and
 * secondary colours, which every place of the client uses unless it sets its own (settings of the place), and the
 * domain (the hostname the client's menus are served on; checked here as the API does, 409 when another client
 * has it).
 */
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClientBrand } from '@trapeza/domain/contracts/admin';
import { isValidHostname } from '@trapeza/domain/hostname';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { clientBrandQuery, saveClientBrand, usersKeys } from '../api/users.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { SaveStatus, TextInput } from './form-parts.tsx';
import { ImageDrop } from './image-drop.tsx';
import s from './admin.module.css';

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export function BrandPage() {
  const { slug: place } = useAdminPlace();
  const brand = useQuery(clientBrandQuery(place));
  if (brand.isPending) return <PageLoading />;
  if (brand.error) return <ErrorMessage error={brand.error} onRetry={() => void brand.refetch()} />;
  return <BrandForm key={brand.dataUpdatedAt} brand={brand.data} />;
}

function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  const t = useAdminT();
  return (
    <label className={s.field}>
      {label}
      <span className={s.row}>
        <input
          type="color"
          aria-label={`${label} (picker)`}
          value={value && value.length === 7 ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          value={value ?? ''}
          placeholder={t('brand.none')}
          onChange={(e) => onChange(e.target.value || null)}
        />
      </span>
    </label>
  );
}

function BrandForm({ brand }: { brand: AdminClientBrand }) {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(brand);
  // What is stored: a draft that differs makes leaving ask first (issue 21 #4).
  const [stored, setStored] = useState(brand);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(stored));
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof AdminClientBrand>(k: K, v: AdminClientBrand[K]) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [k]: v }));
  };
  const colorsOk = [draft.primary_color, draft.secondary_color].every((c) => c === null || HEX.test(c));
  const domainOk = draft.domain === null || isValidHostname(draft.domain);
  const ok = draft.name.trim() !== '' && colorsOk && domainOk;

  const save = async () => {
    setError(null);
    try {
      await saveClientBrand({
        name: draft.name.trim(),
        logo: draft.logo || null,
        primary_color: draft.primary_color,
        secondary_color: draft.secondary_color,
        domain: draft.domain?.trim() || null,
      });
      setSaved(true);
      setStored(draft);
      await queryClient.invalidateQueries({ queryKey: usersKeys.brand(place) });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'places'] });
    } catch (err) {
      setError(err);
    }
  };

  return (
    <form
      className={s.card}
      aria-label={t('brand.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2>{t('brand.title')}</h2>
      <p className={s.hint}>{t('brand.hint')}</p>
      <div className={s.grid}>
        <TextInput label={t('brand.name')} value={draft.name} required onChange={(v) => set('name', v)} />
        <ColorField
          label={t('brand.primary')}
          value={draft.primary_color}
          onChange={(v) => set('primary_color', v)}
        />
        <ColorField
          label={t('brand.secondary')}
          value={draft.secondary_color}
          onChange={(v) => set('secondary_color', v)}
        />
        <TextInput label={t('brand.logo')} value={draft.logo} onChange={(v) => set('logo', v || null)} />
        <div className={s.field}>
          <label htmlFor="brand-domain">{t('brand.domain')}</label>
          <input
            id="brand-domain"
            value={draft.domain ?? ''}
            placeholder="menu.example.com"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={!domainOk}
            aria-describedby="brand-domain-hint"
            onChange={(e) => set('domain', e.target.value.trim() === '' ? null : e.target.value)}
          />
          <span id="brand-domain-hint" className={s.hint}>
            {t('brand.domainHint')}
          </span>
        </div>
      </div>
      {!colorsOk && <p className={s.error}>{t('brand.badColor')}</p>}
      {!domainOk && (
        <p className={s.error} role="alert">
          {t('brand.badDomain')}
        </p>
      )}
      <ImageDrop label={t('brand.logo')} onUploaded={(image) => set('logo', image.path)} />
      <div className={s.previewCard} aria-label={t('brand.preview')}>
        <div
          style={{
            background: draft.primary_color ?? undefined,
            color: '#fff',
            padding: '0.75rem',
            display: 'flex',
            gap: '0.75rem',
            alignItems: 'center',
          }}
        >
          {draft.logo && <img src={draft.logo} alt="" style={{ height: 40 }} />}
          <strong>{draft.name}</strong>
        </div>
        <div style={{ background: draft.secondary_color ?? undefined, padding: '0.75rem' }}>
          {t('brand.preview')}
        </div>
      </div>
      <SaveStatus error={error} saved={saved} />
      <button type="submit" className={s.btn} disabled={!ok}>
        {t('common.save')}
      </button>
    </form>
  );
}
