/**
 * Register (spec §2, §5): first and last name 3–40, e-mail, phone (with the venue's regex), password of at least
 * 8 characters, optional address, and the venue's terms/privacy agreements (designed: the same agreement settings
 * as the order form). Every rule is the domain's. A success says to open the link mailed to the address (the same
 * answer whether or not it had a profile: issue "Security hardening" #10); that link signs the guest in.
 */
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/link.tsx';
import {
  isValidEmail,
  isValidName,
  isValidPassword,
  isValidPhone,
  type PhonePattern,
  validateAgreements,
  type AgreementRules,
} from '@trapeza/domain/validation';
import type { StoreRegisterRequest } from '@trapeza/domain/contracts/users';
import { useVenue } from '../../../hooks/use-venue.ts';
import { register } from '../api/register.ts';
import { useAction } from '../hooks/use-action.ts';
import { domainResolver, type FieldCodes } from '../hooks/domain-resolver.ts';
import { FormError } from './form-error.tsx';
import { TextField, fieldErrorText } from './text-field.tsx';
import styles from './account.module.css';
import { usePhonePattern } from '../../../hooks/use-phone-pattern.ts';
import { ChoiceCard } from '../../../components/ui/choice-card.tsx';

export interface RegisterValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  address: string;
  terms: boolean;
  privacy: boolean;
  combined: boolean;
}

/** Field → domain code for the register form (exported for the profile form's shared fields). */
function registerCodes(v: RegisterValues, phonePattern: PhonePattern | null, rules: AgreementRules) {
  const codes: FieldCodes<RegisterValues> = {
    first_name: isValidName(v.first_name) ? undefined : 'invalid_name',
    last_name: isValidName(v.last_name) ? undefined : 'invalid_name',
    email: isValidEmail(v.email) ? undefined : 'invalid_email',
    phone: isValidPhone(v.phone, phonePattern) ? undefined : 'invalid_phone',
    password: isValidPassword(v.password) ? undefined : 'invalid_password',
  };
  for (const code of validateAgreements(v, rules)) {
    if (rules.agreement_combined) codes.combined = code;
    else if (code === 'privacy_not_accepted') codes.privacy = code;
    else codes.terms = code;
  }
  return codes;
}

export function RegisterForm() {
  const { t } = useTranslation();
  const { place, settings } = useVenue();
  const rules: AgreementRules = {
    agreement_terms_required: settings.agreement_terms_required,
    agreement_privacy_required: settings.agreement_privacy_required,
    agreement_combined: settings.agreement_combined,
  };
  const phonePattern = usePhonePattern(settings.validate_phone_number_regex);
  const form = useForm<RegisterValues>({
    resolver: domainResolver((v) => registerCodes(v, phonePattern, rules)),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      password: '',
      address: '',
      terms: false,
      privacy: false,
      combined: false,
    },
  });
  const mutation = useAction({
    mutationFn: (body: StoreRegisterRequest) => register(place, body),
  });
  const { errors } = form.formState;
  if (mutation.isSuccess) {
    return (
      <p role="status" className={styles.notice}>
        {t('account.register.checkEmail')}
      </p>
    );
  }
  // The legal pages open beside the form (the shared texts name them); Trans would cost the first screen 0.2 KB.
  const LEGAL = { terms: 'legal.terms', 'privacy-policy': 'legal.privacy' } as const;
  const checkbox = (name: 'terms' | 'privacy' | 'combined', text: string, links: (keyof typeof LEGAL)[]) => (
    <div>
      <ChoiceCard
        type="checkbox"
        label={t(text)}
        invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `register-${name}-error` : undefined}
        {...form.register(name)}
      />
      <span className={styles.links}>
        {links.map((path) => (
          <Link key={path} to={`/${place}/${path}`} target="_blank" rel="noopener">
            {t(LEGAL[path])}
          </Link>
        ))}
      </span>
      {errors[name] && (
        <span id={`register-${name}-error`} className={styles.error}>
          {fieldErrorText(errors[name], t)}
        </span>
      )}
    </div>
  );
  const showTerms = rules.agreement_terms_required;
  const showPrivacy = rules.agreement_privacy_required;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit((v) =>
        mutation.mutate({
          first_name: v.first_name.trim(),
          last_name: v.last_name.trim(),
          email: v.email.trim(),
          phone: v.phone.trim(),
          password: v.password,
          ...(v.address.trim() ? { address: v.address.trim() } : {}),
        }),
      )}
    >
      <FormError error={mutation.error} />
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
        label={t('account.field.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        registration={form.register('email')}
        error={errors.email}
      />
      <TextField
        label={t('account.field.phone')}
        type="tel"
        autoComplete="tel"
        registration={form.register('phone')}
        error={errors.phone}
      />
      <TextField
        label={t('account.field.password')}
        type="password"
        autoComplete="new-password"
        hint={t('account.field.passwordHint')}
        registration={form.register('password')}
        error={errors.password}
      />
      <TextField
        label={t('account.field.addressOptional')}
        autoComplete="street-address"
        registration={form.register('address')}
      />
      {rules.agreement_combined && (showTerms || showPrivacy)
        ? checkbox('combined', 'account.register.acceptBoth', ['terms', 'privacy-policy'])
        : null}
      {!rules.agreement_combined && showTerms && checkbox('terms', 'account.register.acceptTerms', ['terms'])}
      {!rules.agreement_combined &&
        showPrivacy &&
        checkbox('privacy', 'account.register.acceptPrivacy', ['privacy-policy'])}
      <button type="submit" className="button button-block" disabled={mutation.isPending}>
        {t('account.register.submit')}
      </button>
    </form>
  );
}
