/**
 * Edit the profile (spec §2, §3): first/last name, e-mail, phone, address, and a new password with the current
 * one (a new e-mail or password needs it, server rule). POST users/editProfile answers a fresh token, kept like a
 * login's. Failures show the server's codes, otherwise edit_profile_error (spec §8).
 */
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { StoreEditProfileRequest, StoreUser } from '@trapeza/domain/contracts/users';
import {
  isValidEmail,
  isValidName,
  isValidPassword,
  isValidPhone,
  type PhonePattern,
} from '@trapeza/domain/validation';
import { editProfile } from '../api/edit-profile.ts';
import { startSession } from '../hooks/auth-session.ts';
import { useAction } from '../hooks/use-action.ts';
import { domainResolver, type FieldCodes } from '../hooks/domain-resolver.ts';
import { FormError } from './form-error.tsx';
import { TextField } from './text-field.tsx';
import styles from './account.module.css';
import { usePhonePattern } from '../../../hooks/use-phone-pattern.ts';

export interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  password: string;
  current_password: string;
}

const valuesOf = (user: StoreUser): ProfileValues => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  phone: user.phone ?? '',
  address: user.address ?? '',
  password: '',
  current_password: '',
});

function profileCodes(
  v: ProfileValues,
  user: StoreUser,
  phonePattern: PhonePattern | null,
): FieldCodes<ProfileValues> {
  const emailChanges = v.email.trim().toLowerCase() !== user.email.toLowerCase();
  const needsCurrent = emailChanges || v.password !== '';
  return {
    first_name: isValidName(v.first_name) ? undefined : 'invalid_name',
    last_name: isValidName(v.last_name) ? undefined : 'invalid_name',
    email: isValidEmail(v.email) ? undefined : 'invalid_email',
    // An empty phone is left as it is (staff profiles may have none); a given one must be valid.
    phone: v.phone.trim() === '' || isValidPhone(v.phone, phonePattern) ? undefined : 'invalid_phone',
    password: v.password === '' || isValidPassword(v.password) ? undefined : 'invalid_password',
    current_password:
      needsCurrent && v.current_password === '' ? 'account.profile.currentPasswordRequired' : undefined,
  };
}

/** Only what changed goes to the server. */
function changes(v: ProfileValues, user: StoreUser): StoreEditProfileRequest {
  const body: StoreEditProfileRequest = {};
  if (v.first_name.trim() !== user.first_name) body.first_name = v.first_name.trim();
  if (v.last_name.trim() !== user.last_name) body.last_name = v.last_name.trim();
  if (v.email.trim().toLowerCase() !== user.email.toLowerCase()) body.email = v.email.trim();
  if (v.phone.trim() !== '' && v.phone.trim() !== (user.phone ?? '')) body.phone = v.phone.trim();
  if (v.address.trim() !== (user.address ?? '')) body.address = v.address.trim();
  if (v.password !== '') body.password = v.password;
  if ((body.email !== undefined || body.password !== undefined) && v.current_password !== '')
    body.current_password = v.current_password;
  return body;
}

interface ProfileFormProps {
  place: string;
  user: StoreUser;
  phoneRegex: string | null;
}

export function ProfileForm({ place, user, phoneRegex }: ProfileFormProps) {
  const { t } = useTranslation();
  const phonePattern = usePhonePattern(phoneRegex);
  const form = useForm<ProfileValues>({
    resolver: domainResolver((v) => profileCodes(v, user, phonePattern)),
    defaultValues: valuesOf(user),
  });
  const mutation = useAction({
    mutationFn: (body: StoreEditProfileRequest) => editProfile(place, body),
    onSuccess: (answer) => {
      startSession(answer, 'profile_updated');
      form.reset(valuesOf(answer.user));
    },
  });
  const { errors } = form.formState;
  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="profile-personal"
      onSubmit={form.handleSubmit((v) => {
        const body = changes(v, user);
        if (Object.keys(body).length === 0) return;
        mutation.mutate(body);
      })}
    >
      <h2 id="profile-personal">{t('account.profile.personal')}</h2>
      <FormError error={mutation.error} fallbackKey="account.errors.edit_profile_error" />
      <div className={styles.grid2}>
        <TextField
          label={t('account.field.firstName')}
          autoComplete="given-name"
          registration={form.register('first_name')}
          error={errors.first_name}
        />
        <TextField
          label={t('account.field.lastName')}
          autoComplete="family-name"
          registration={form.register('last_name')}
          error={errors.last_name}
        />
      </div>
      <TextField
        label={t('account.field.phone')}
        type="tel"
        autoComplete="tel"
        registration={form.register('phone')}
        error={errors.phone}
      />
      <TextField
        label={t('account.field.address')}
        autoComplete="street-address"
        registration={form.register('address')}
        error={errors.address}
      />
      <fieldset className={styles.form}>
        <legend>
          <strong>{t('account.profile.passwordSection')}</strong>
        </legend>
        <p className="muted">{t('account.profile.passwordIntro')}</p>
        <TextField
          label={t('account.field.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          registration={form.register('email')}
          error={errors.email}
        />
        <TextField
          label={t('account.field.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('account.field.passwordHint')}
          registration={form.register('password')}
          error={errors.password}
        />
        <TextField
          label={t('account.field.currentPassword')}
          type="password"
          autoComplete="current-password"
          registration={form.register('current_password')}
          error={errors.current_password}
        />
      </fieldset>
      <button type="submit" className="button" disabled={mutation.isPending}>
        {t('account.profile.save')}
      </button>
    </form>
  );
}
