/**
 * The invitation link's page, `/platform/invite/:token`: who is invited to what, a password (at least 12
 * characters) and optionally a name; accepting signs in and opens the admin. An expired, used or unknown link shows
 * a page saying so and how to ask for a new one.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { startAuthSession } from '../../../lib/auth-session.ts';
import { PLATFORM_PASSWORD_MIN_LENGTH } from '@trapeza/domain/platform';
import { acceptInvite, fieldErrors, getInvite } from '../api/platform-api.ts';
import { Field } from './field.tsx';
import s from './platform.module.css';

type Dead = 'expired' | 'used' | 'unknown';

function deadLink(error: unknown): Dead | null {
  if (!(error instanceof ApiRequestError) || error.kind !== 1) return null;
  if (error.body?.code === 'invite_expired') return 'expired';
  if (error.body?.code === 'invite_used') return 'used';
  if (error.status === 404 || error.status === 400 || error.status === 410) return 'unknown';
  return null;
}

export function InvitePage({ token }: { token: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'platform' });
  const navigate = useNavigate();
  const invite = useQuery({
    queryKey: ['platform', 'invite', token],
    queryFn: () => getInvite(token),
    retry: false,
  });
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const dead = deadLink(invite.error) ?? deadLink(failed);
  if (dead) {
    return (
      <div className={s.page}>
        <div className={s.card} role="alert">
          <h1>{t(`accept.${dead}Title`)}</h1>
          <p>{t('accept.askAgain')}</p>
        </div>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (password.length < PLATFORM_PASSWORD_MIN_LENGTH) local.password = t('accept.short');
    else if (password !== repeat) local.repeat = t('accept.mismatch');
    setErrors(local);
    setFailed(null);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const answer = await acceptInvite(token, {
        password,
        ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
        ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
      });
      startAuthSession(answer);
      void navigate('/admin');
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailed(error);
    } finally {
      setBusy(false);
    }
  };

  const info = invite.data;
  return (
    <div className={s.page}>
      <form className={s.card} onSubmit={(e) => void submit(e)} aria-labelledby="invite-title">
        <h1 id="invite-title">{t('accept.title')}</h1>
        {invite.isError && (
          <p role="alert" className={s.error}>
            {t('error')}
          </p>
        )}
        {info && (
          <>
            <p>
              {t('accept.who', {
                email: info.email,
                role: t(`invite.roles.${info.role}`),
                brand: info.clientName,
              })}
            </p>
            {info.placeName && <p>{t('accept.venue', { name: info.placeName })}</p>}
            <Field label={t('accept.firstName')} error={errors.firstName}>
              {(p) => (
                <input
                  {...p}
                  autoComplete="given-name"
                  value={firstName}
                  onChange={(e) => setFirstName(e.target.value)}
                />
              )}
            </Field>
            <Field label={t('accept.lastName')} error={errors.lastName}>
              {(p) => (
                <input
                  {...p}
                  autoComplete="family-name"
                  value={lastName}
                  onChange={(e) => setLastName(e.target.value)}
                />
              )}
            </Field>
            <Field label={t('accept.password')} error={errors.password}>
              {(p) => (
                <input
                  {...p}
                  type="password"
                  autoComplete="new-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
            <Field label={t('accept.repeat')} error={errors.repeat}>
              {(p) => (
                <input
                  {...p}
                  type="password"
                  autoComplete="new-password"
                  required
                  value={repeat}
                  onChange={(e) => setRepeat(e.target.value)}
                />
              )}
            </Field>
            {failed !== null && Object.keys(errors).length === 0 && (
              <p role="alert" className={s.error}>
                {t('error')}
              </p>
            )}
            <button type="submit" className={s.btn} disabled={busy}>
              {t('accept.submit')}
            </button>
          </>
        )}
      </form>
    </div>
  );
}
