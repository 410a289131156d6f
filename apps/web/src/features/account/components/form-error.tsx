/** The failure of an accounts call, announced (spec §8: login_fail, edit_profile_error, generic #n). */
import { useTranslation } from 'react-i18next';
import { accountErrorText } from '../hooks/account-error-text.ts';

export function FormError({ error, fallbackKey }: { error: unknown; fallbackKey?: string }) {
  const { t } = useTranslation();
  if (error == null) return null;
  return (
    <div role="alert" className="alert">
      {accountErrorText(error, t, fallbackKey).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
