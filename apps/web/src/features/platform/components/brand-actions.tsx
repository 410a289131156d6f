/** A brand's venue creation (from a template) and invitations of its administrators. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceTemplate, PlatformClient } from '@trapeza/domain/contracts/platform';
import { INVITE_ROLES, PLACE_TEMPLATES, type InviteRole } from '@trapeza/domain/platform';
import { createInvite, createPlace, fieldErrors } from '../api/platform-api.ts';
import { Field } from './field.tsx';
import s from './platform.module.css';
import { Select } from '../../../components/ui/select.tsx';

function useSubmit(t: (key: string) => string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      setMessage({ ok: true, text: await action() });
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setMessage({ ok: false, text: Object.keys(fields).length > 0 ? t('form.invalid') : t('error') });
    } finally {
      setBusy(false);
    }
  };
  return { errors, message, busy, run };
}

function Message({ message }: { message: { ok: boolean; text: string } | null }) {
  if (!message) return null;
  return (
    <p role={message.ok ? 'status' : 'alert'} className={message.ok ? s.ok : s.error}>
      {message.text}
    </p>
  );
}

export function VenueForm({ brand, onCreated }: { brand: PlatformClient; onCreated: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'platform' });
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [template, setTemplate] = useState<PlaceTemplate>('restaurant');
  const { errors, message, busy, run } = useSubmit(t);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await createPlace(brand.id, { name: name.trim(), slug: slug.trim(), template });
      onCreated();
      const created = name.trim();
      setName('');
      setSlug('');
      return t('venue.created', { name: created });
    });
  };
  return (
    <form onSubmit={submit} aria-label={`${t('venue.title')}: ${brand.name}`}>
      <h3>{t('venue.title')}</h3>
      <Field label={t('form.name')} error={errors.name}>
        {(p) => <input {...p} required value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label={t('form.slug')} error={errors.slug}>
        {(p) => <input {...p} required value={slug} onChange={(e) => setSlug(e.target.value)} />}
      </Field>
      <Field label={t('venue.template')} error={errors.template}>
        {(p) => (
          <Select
            {...p}
            value={template}
            onValueChange={(v) => setTemplate(v as PlaceTemplate)}
            options={PLACE_TEMPLATES.map((k) => ({ value: k, label: t(`venue.templates.${k}`) }))}
          />
        )}
      </Field>
      <Message message={message} />
      <button type="submit" className={s.btn} disabled={busy}>
        {t('form.create')}
      </button>
    </form>
  );
}

export function InviteForm({ brand }: { brand: PlatformClient }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'platform' });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('CLIENT_ADMIN');
  const [placeId, setPlaceId] = useState<number | null>(brand.venues[0]?.id ?? null);
  const { errors, message, busy, run } = useSubmit(t);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const sent = await createInvite(brand.id, {
        email: email.trim(),
        role,
        ...(role === 'PLACE_ADMIN' && placeId !== null ? { placeId } : {}),
      });
      setEmail('');
      return t('invite.sent', { email: sent.email });
    });
  };
  return (
    <form onSubmit={submit} aria-label={`${t('invite.title')}: ${brand.name}`}>
      <h3>{t('invite.title')}</h3>
      <Field label={t('invite.email')} error={errors.email}>
        {(p) => (
          <input {...p} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        )}
      </Field>
      <Field label={t('invite.role')} error={errors.role}>
        {(p) => (
          <Select
            {...p}
            value={role}
            onValueChange={(v) => setRole(v as InviteRole)}
            options={INVITE_ROLES.map((r) => ({ value: r, label: t(`invite.roles.${r}`) }))}
          />
        )}
      </Field>
      {role === 'PLACE_ADMIN' && (
        <Field label={t('invite.venue')} error={errors.placeId}>
          {(p) => (
            <Select
              {...p}
              required
              value={placeId == null ? '' : String(placeId)}
              onValueChange={(v) => setPlaceId(Number(v))}
              options={brand.venues.map((v) => ({ value: String(v.id), label: v.name }))}
            />
          )}
        </Field>
      )}
      <Message message={message} />
      <button type="submit" className={s.btn} disabled={busy}>
        {t('invite.send')}
      </button>
    </form>
  );
}
