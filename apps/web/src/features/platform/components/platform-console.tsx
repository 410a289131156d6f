/**
 * The platform console at `/platform` (issue "White label for real", item 4): platform staff (SUPER_ADMIN,
 * SALES_ADMIN) sign in, list the brands with their venues and 30-day order counts, create and edit brands (with the
 * domain's verification), create venues from a template and invite brand and venue administrators. Deactivating a
 * brand is SUPER_ADMIN's alone (spec §6): SALES_ADMIN sees the button disabled. The server checks every call again.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlatformClient } from '@trapeza/domain/contracts/platform';
import { hasAccess } from '@trapeza/domain/roles';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { endAuthSession, startAuthSession } from '../../../lib/auth-session.ts';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { createClient, listClients, platformLogin, updateClient, verifyDomain } from '../api/platform-api.ts';
import { BrandForm } from './brand-form.tsx';
import { InviteForm, VenueForm } from './brand-actions.tsx';
import { Field } from './field.tsx';
import s from './platform.module.css';

const CLIENTS_KEY = ['platform', 'clients'] as const;

export function PlatformConsole() {
  const { t } = useTranslation(undefined, { keyPrefix: 'platform' });
  const token = useSessionStore((st) => st.authToken);
  const user = useAccountStore((st) => st.user);
  const staff = token !== null && hasAccess(user?.role, 'SALES_ADMIN');
  return (
    <div className={s.page}>
      <div className={s.bar}>
        <h1>{t('title')}</h1>
        {token && (
          <button type="button" className={s.ghost} onClick={endAuthSession}>
            {t('logout')}
          </button>
        )}
      </div>
      {staff ? (
        <Brands superAdmin={user?.role === 'SUPER_ADMIN'} />
      ) : (
        <PlatformLogin forbidden={token !== null} />
      )}
    </div>
  );
}

function PlatformLogin({ forbidden }: { forbidden: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'platform' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(forbidden ? t('login.forbidden') : null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await platformLogin(email.trim(), password);
      if (!hasAccess(answer.user.role, 'SALES_ADMIN')) setError(t('login.forbidden'));
      else startAuthSession(answer);
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status === 401 ? t('login.wrong') : t('error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={s.card} onSubmit={(e) => void submit(e)} aria-label={t('login.title')}>
      <h2>{t('login.title')}</h2>
      <Field label={t('login.email')}>
        {(p) => (
          <input
            {...p}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('login.password')}>
        {(p) => (
          <input
            {...p}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      <button type="submit" className={s.btn} disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}

function Brands({ superAdmin }: { superAdmin: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'platform' });
  const queryClient = useQueryClient();
  const clients = useQuery({ queryKey: CLIENTS_KEY, queryFn: listClients });
  const [creating, setCreating] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
  return (
    <section aria-label={t('brands.title')}>
      <div className={s.bar}>
        <h2>{t('brands.title')}</h2>
        {!creating && (
          <button type="button" className={s.btn} onClick={() => setCreating(true)}>
            {t('brands.new')}
          </button>
        )}
      </div>
      {creating && (
        <BrandForm
          onCancel={() => setCreating(false)}
          onSave={async (input) => {
            await createClient(input);
            setCreating(false);
            await refresh();
          }}
        />
      )}
      {clients.isError && (
        <p role="alert" className={s.error}>
          {t('error')}
        </p>
      )}
      {clients.data?.length === 0 && <p className={s.muted}>{t('brands.empty')}</p>}
      {clients.data?.map((brand) => (
        <Brand key={brand.id} brand={brand} superAdmin={superAdmin} refresh={refresh} />
      ))}
    </section>
  );
}

function Brand({
  brand,
  superAdmin,
  refresh,
}: {
  brand: PlatformClient;
  superAdmin: boolean;
  refresh: () => Promise<void>;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'platform' });
  const [editing, setEditing] = useState(false);
  const active = useMutation({
    mutationFn: (value: boolean) => updateClient(brand.id, { active: value }),
    onSuccess: refresh,
  });
  const verify = useMutation({ mutationFn: () => verifyDomain(brand.id), onSuccess: refresh });
  if (editing) {
    return (
      <BrandForm
        brand={brand}
        onCancel={() => setEditing(false)}
        onSave={async (input) => {
          await updateClient(brand.id, input);
          setEditing(false);
          await refresh();
        }}
      />
    );
  }
  return (
    <article className={s.card} aria-label={brand.name}>
      <div className={s.bar}>
        <h3>
          {brand.name} <span className={s.muted}>({brand.slug})</span>
          {!brand.active && <span className={s.error}> · {t('brands.inactive')}</span>}
        </h3>
        <div className={s.row}>
          <button type="button" className={s.ghost} onClick={() => setEditing(true)}>
            {t('brands.edit')}
          </button>
          <button
            type="button"
            className={s.ghost}
            disabled={!superAdmin || active.isPending}
            title={superAdmin ? undefined : t('brands.onlySuper')}
            onClick={() => {
              if (!brand.active || window.confirm(t('brands.deactivateConfirm')))
                active.mutate(!brand.active);
            }}
          >
            {brand.active ? t('brands.deactivate') : t('brands.activate')}
          </button>
        </div>
      </div>
      {brand.domain && (
        <div>
          <p>
            {t('form.domain')}: <span className={s.code}>{brand.domain}</span>
          </p>
          {brand.domainVerified ? (
            <p className={s.ok}>{t('domain.verified')}</p>
          ) : (
            <div>
              <p>{t('domain.unverified')}</p>
              {brand.domainVerification && (
                <dl>
                  <dt>{t('domain.record')}</dt>
                  <dd className={s.code}>{brand.domainVerification.record}</dd>
                  <dt>{t('domain.value')}</dt>
                  <dd className={s.code}>{brand.domainVerification.value}</dd>
                </dl>
              )}
              <button
                type="button"
                className={s.ghost}
                onClick={() => verify.mutate()}
                disabled={verify.isPending}
              >
                {t('domain.verify')}
              </button>
              {verify.isError && (
                <p role="alert" className={s.error}>
                  {t('domain.notFound')}
                </p>
              )}
            </div>
          )}
        </div>
      )}
      <p>
        {t('brands.orders30')}: <strong>{brand.ordersLast30Days}</strong>
      </p>
      <h4>{t('brands.venues')}</h4>
      {brand.venues.length === 0 ? (
        <p className={s.muted}>{t('brands.noVenues')}</p>
      ) : (
        <ul>
          {brand.venues.map((v) => (
            <li key={v.id}>
              {v.name} <span className={s.muted}>/{v.slug}</span>
            </li>
          ))}
        </ul>
      )}
      {superAdmin || brand.active ? (
        <div className={s.row}>
          <VenueForm brand={brand} onCreated={() => void refresh()} />
          <InviteForm brand={brand} />
        </div>
      ) : null}
    </article>
  );
}
