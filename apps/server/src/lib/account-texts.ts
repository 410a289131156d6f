/**
 * The accounts module's answers in the five languages (spec §1): its refusals (login_fail, email_taken, …), which
 * the error handler answers as `message_trans` (lib/error-texts.ts), and its confirmations (reset_password_sent, …).
 * Here in lib/ because the error catalogue gathers them and lib/ imports no module.
 */
import type { Language } from '@trapeza/domain/i18n';

/** Texts of the accounts answers (codes are the stable part; the web app may show its own translation). */
export const ACCOUNT_MESSAGES = {
  reset_password_sent: {
    bg: 'Ако съществува профил с този имейл, изпратихме инструкции за смяна на паролата.',
    en: 'If a profile with this e-mail exists, we have sent password reset instructions.',
    es: 'Si existe un perfil con este correo, hemos enviado las instrucciones para restablecer la contraseña.',
    de: 'Falls ein Profil mit dieser E-Mail existiert, haben wir eine Anleitung zum Zurücksetzen gesendet.',
    'fr-CH': 'Si un profil existe avec cet e-mail, nous avons envoyé les instructions de réinitialisation.',
  },
  password_reset_done: {
    bg: 'Паролата е сменена. Можете да влезете с новата парола.',
    en: 'Your password has been changed. You can log in with the new password.',
    es: 'La contraseña se ha cambiado. Ya puedes iniciar sesión con la nueva contraseña.',
    de: 'Ihr Passwort wurde geändert. Sie können sich mit dem neuen Passwort anmelden.',
    'fr-CH': 'Votre mot de passe a été modifié. Vous pouvez vous connecter avec le nouveau mot de passe.',
  },
  login_fail: {
    bg: 'Неуспешен вход: невалидни данни',
    en: 'Login failed: Invalid credentials',
    es: 'Error al iniciar sesión: credenciales no válidas',
    de: 'Anmeldung fehlgeschlagen: ungültige Anmeldedaten',
    'fr-CH': 'Échec de la connexion : identifiants invalides',
  },
  email_taken: {
    bg: 'Вече има профил с този имейл.',
    en: 'A profile with this e-mail already exists.',
    es: 'Ya existe un perfil con este correo.',
    de: 'Es gibt bereits ein Profil mit dieser E-Mail.',
    'fr-CH': 'Un profil existe déjà avec cet e-mail.',
  },
  reset_token_invalid: {
    bg: 'Връзката за смяна на паролата е невалидна или е изтекла.',
    en: 'The password reset link is invalid or has expired.',
    es: 'El enlace para restablecer la contraseña no es válido o ha caducado.',
    de: 'Der Link zum Zurücksetzen ist ungültig oder abgelaufen.',
    'fr-CH': 'Le lien de réinitialisation est invalide ou a expiré.',
  },
  current_password_invalid: {
    bg: 'Текущата парола е грешна.',
    en: 'The current password is wrong.',
    es: 'La contraseña actual es incorrecta.',
    de: 'Das aktuelle Passwort ist falsch.',
    'fr-CH': 'Le mot de passe actuel est incorrect.',
  },
  user_banned: {
    bg: 'Този профил е блокиран.',
    en: 'This profile is blocked.',
    es: 'Este perfil está bloqueado.',
    de: 'Dieses Profil ist gesperrt.',
    'fr-CH': 'Ce profil est bloqué.',
  },
  payments_module_disabled: {
    bg: 'Онлайн плащането не е включено за това заведение.',
    en: 'Online payment is not enabled for this venue.',
    es: 'El pago en línea no está activado para este local.',
    de: 'Online-Zahlung ist für dieses Lokal nicht aktiviert.',
    'fr-CH': 'Le paiement en ligne n’est pas activé pour cet établissement.',
  },
  registration_email_sent: {
    bg: 'Изпратихме имейл на този адрес. Отворете връзката в него, за да завършите регистрацията.',
    en: 'We have sent an e-mail to this address. Open the link in it to finish registering.',
    es: 'Hemos enviado un correo a esta dirección. Abre el enlace que contiene para completar el registro.',
    de: 'Wir haben eine E-Mail an diese Adresse gesendet. Öffnen Sie den Link darin, um die Registrierung abzuschließen.',
    'fr-CH':
      'Nous avons envoyé un e-mail à cette adresse. Ouvrez le lien qu’il contient pour terminer l’inscription.',
  },
  confirm_token_invalid: {
    bg: 'Връзката за потвърждение е невалидна или е изтекла. Регистрирайте се отново.',
    en: 'The confirmation link is invalid or has expired. Please register again.',
    es: 'El enlace de confirmación no es válido o ha caducado. Vuelve a registrarte.',
    de: 'Der Bestätigungslink ist ungültig oder abgelaufen. Bitte registrieren Sie sich erneut.',
    'fr-CH': 'Le lien de confirmation est invalide ou a expiré. Veuillez vous inscrire à nouveau.',
  },
  rate_limited: {
    bg: 'Твърде много заявки, опитайте по-късно.',
    en: 'Too many requests, try again later.',
    es: 'Demasiadas solicitudes, inténtalo más tarde.',
    de: 'Zu viele Anfragen, bitte später erneut versuchen.',
    'fr-CH': 'Trop de requêtes, réessayez plus tard.',
  },
} as const satisfies Record<string, Record<Language, string>>;
