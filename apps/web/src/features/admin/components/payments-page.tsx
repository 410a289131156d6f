/**
 * The venue's own card payment accounts (issue 16 #3): ePay (MIN, secret), ePay One Touch (app id, secret, KIN),
 * Redsys / Bizum (merchant code, terminal, key). A secret is never shown again: the screen says whether one is set
 * and its last 4 characters, and it changes only by entering a new one. "Test payment" asks the provider to take a
 * 0.01 € payment request (0.02 € on ePay) and says what it answered.
 */
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_ACCOUNT_FIELDS,
  type PaymentAccount,
  type PaymentAccountProvider,
  type PaymentAccountTestResponse,
} from '@trapeza/domain/contracts/payment-accounts';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { fieldErrors } from '../api/admin-client.ts';
import {
  deletePaymentAccount,
  paymentAccountsQuery,
  savePaymentAccount,
  testPaymentAccount,
} from '../api/payment-accounts.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { confirmDelete } from '../hooks/confirm-delete.ts';
import { useAdminT, useAdminTexts } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

export function PaymentsPage() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const accounts = useQuery(paymentAccountsQuery(place));
  if (accounts.isPending) return <PageLoading />;
  if (accounts.error) return <ErrorMessage error={accounts.error} onRetry={() => void accounts.refetch()} />;
  return (
    <div>
      {/* The page's title (h1) is the shell's page header. */}
      <section className={s.card} aria-label={t('payments.title')}>
        <p className={s.hint}>{t('payments.intro')}</p>
        {accounts.data.file_override && (
          <p className={s.error} role="note">
            {t('payments.fileOverride')}
          </p>
        )}
      </section>
      {accounts.data.accounts.map((a) => (
        <AccountForm key={a.provider} account={a} place={place} />
      ))}
    </div>
  );
}

function AccountForm({ account, place }: { account: PaymentAccount; place: string }) {
  const { t, i18n } = useAdminTexts();
  const lang = i18n.language;
  const queryClient = useQueryClient();
  const provider: PaymentAccountProvider = account.provider;
  const [fields, setFields] = useState<Record<string, string>>(account.fields);
  const [secret, setSecret] = useState('');
  // The fields as stored, and a secret typed but not saved: leaving asks first (issue 21 #4).
  const [storedFields, setStoredFields] = useState(account.fields);
  useUnsavedChanges(secret !== '' || JSON.stringify(fields) !== JSON.stringify(storedFields));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [test, setTest] = useState<PaymentAccountTestResponse | null>(null);
  const id = (name: string) => `pay-${provider}-${name}`;
  const errors = fieldErrors(error);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', place, 'payment-accounts'] });

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await work();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  function onSave(e: FormEvent) {
    e.preventDefault();
    void run(async () => {
      await savePaymentAccount(provider, { fields, ...(secret ? { secret } : {}) });
      setSecret('');
      setStoredFields(fields);
      setTest(null);
      setSaved(true);
      await refresh();
    });
  }

  const status = !account.configured
    ? t('payments.status.none')
    : account.verified_at
      ? t('payments.status.working', { date: new Date(account.verified_at).toLocaleString(lang) })
      : t('payments.status.untested');
  const amount = (minor: number, currency: string) =>
    new Intl.NumberFormat(lang, { style: 'currency', currency }).format(minor / 100);

  return (
    <section className={s.card} aria-labelledby={id('title')}>
      <h2 id={id('title')}>{t(`payments.provider.${provider}`)}</h2>
      <p data-testid={`payment-status-${provider}`}>
        <strong>{status}</strong>
      </p>
      <form onSubmit={onSave} noValidate>
        {PAYMENT_ACCOUNT_FIELDS[provider].map((name) => (
          <div className={s.field} key={name}>
            <label htmlFor={id(name)}>{t(`payments.field.${name}`)}</label>
            <input
              id={id(name)}
              value={fields[name] ?? ''}
              inputMode={name === 'app_id' ? 'text' : 'numeric'}
              autoComplete="off"
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? id(`${name}-error`) : undefined}
              onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
            />
            {errors[name] && (
              <span id={id(`${name}-error`)} className={s.error}>
                {t('payments.invalid')}: {errors[name]}
              </span>
            )}
          </div>
        ))}
        <div className={s.field}>
          <label htmlFor={id('secret')}>
            {t(provider === 'redsys' ? 'payments.field.key' : 'payments.field.secret')}
          </label>
          <input
            id={id('secret')}
            type="password"
            value={secret}
            autoComplete="new-password"
            aria-describedby={id('secret-hint')}
            aria-invalid={errors.secret ? true : undefined}
            onChange={(e) => setSecret(e.target.value)}
          />
          <span id={id('secret-hint')} className={s.hint}>
            {account.secret.set
              ? t('payments.secretSet', { last4: account.secret.last4 ?? '' })
              : t('payments.secretNotSet')}
          </span>
          {errors.secret && (
            <span className={s.error}>
              {t('payments.invalid')}: {errors.secret}
            </span>
          )}
        </div>
        <div className={s.row}>
          <button type="submit" className={s.btn} disabled={busy}>
            {t('common.save')}
          </button>
          <button
            type="button"
            className={s.btnGhost}
            disabled={busy || !account.configured}
            onClick={() =>
              void run(async () => {
                setTest(await testPaymentAccount(provider));
                await refresh();
              })
            }
          >
            {t('payments.test')}
          </button>
          {account.configured && (
            <button
              type="button"
              className={s.btnDanger}
              disabled={busy}
              onClick={() =>
                void confirmDelete(t, { name: t(`payments.provider.${provider}`) }).then((ok) => {
                  if (!ok) return;
                  void run(async () => {
                    await deletePaymentAccount(provider);
                    setFields(Object.fromEntries(PAYMENT_ACCOUNT_FIELDS[provider].map((f) => [f, ''])));
                    setTest(null);
                    await refresh();
                  });
                })
              }
            >
              {t('common.delete')}
            </button>
          )}
        </div>
      </form>
      {busy && <p role="status">{t('payments.working')}</p>}
      {saved && (
        <p className={s.ok} role="status">
          {t('common.saved')}
        </p>
      )}
      {error !== null && (
        <p className={s.error} role="alert">
          {t('errors.save')}: {error instanceof Error ? error.message : String(error)}
        </p>
      )}
      {test && (
        <p className={test.ok ? s.ok : s.error} role={test.ok ? 'status' : 'alert'}>
          {t(`payments.result.${test.result}`, {
            amount: amount(test.amount, test.currency),
            // The provider's own words, without a closing full stop (the sentence goes on).
            detail: test.detail.replace(/[.\s]+$/, ''),
          })}
        </p>
      )}
    </section>
  );
}
