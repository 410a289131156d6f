/**
 * The e-mail and password form of the staff console and the admin (the guest pages use the account's own form, with
 * field validation, inside the account dialog). Texts come as i18n keys, styles as class names, so each screen keeps
 * its look; the call and the session are the shared ones of `lib/auth-session.ts`.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreAuthResponse } from '@trapeza/domain/contracts/users';
import { loginSlowedText, postLogin, startAuthSession } from '../lib/auth-session.ts';

export interface StaffLoginFormProps {
  /** i18n keys (full, e.g. `staff.login.title`). */
  texts: { title: string; email: string; password: string; submit: string };
  /** The i18n key to show when the call fails (wrong password, no answer…). */
  failureText: (error: unknown) => string;
  /** The i18n key to show instead of signing in (e.g. a role too low for the screen), or null to sign in. */
  refusal?: (answer: StoreAuthResponse) => string | null;
  /** Shown under the title: why the form shows. */
  notice?: ReactNode;
  /** CSS module classes of the screen (a module's class reads as `string | undefined`). */
  classNames: Record<'form' | 'field' | 'error' | 'submit' | 'submitRow', string | undefined>;
}

export function StaffLoginForm({ texts, failureText, refusal, notice, classNames }: StaffLoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await postLogin({ email: email.trim(), password });
      const refused = refusal?.(answer) ?? null;
      if (refused) {
        setError(t(refused));
        return;
      }
      startAuthSession(answer);
    } catch (err) {
      // Failed sign-ins slow the account down: say how long, in the server's words (asked in this language).
      setError(loginSlowedText(err) ?? t(failureText(err)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={classNames.form} onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t(texts.title)}</h1>
      {notice}
      <div className={classNames.field}>
        <label htmlFor={`${id}-email`}>{t(texts.email)}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className={classNames.field}>
        <label htmlFor={`${id}-password`}>{t(texts.password)}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className={classNames.error}>
          {error}
        </p>
      )}
      <div className={classNames.submitRow}>
        <button type="submit" className={classNames.submit} disabled={busy}>
          {t(texts.submit)}
        </button>
      </div>
    </form>
  );
}
