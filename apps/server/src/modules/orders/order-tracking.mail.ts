/**
 * The guest's order confirmation (issue 24 #6): a delivery or pickup guest who gave an e-mail address gets the
 * order's short number, when it is expected, the venue's success message and the link of the order's tracking page
 * (`/{place}/order/{tracking_token}` on the address the guest ordered from: lib/guest-origin.ts), in the language
 * the guest ordered in. Sent after the order is stored, fire and forget: a failed send is logged
 * (`order confirmation e-mail failed`) and never touches the order or the guest's answer.
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import type { Language } from '@trapeza/domain/i18n';
import { orderNumberLabel } from '@trapeza/domain/order-number';
import type { MailMessage } from '../../lib/mailer.ts';

interface Texts {
  subject: (no: string, place: string) => string;
  intro: (no: string, place: string) => string;
  delivery: string;
  pickup: string;
  when: string;
  asap: string;
  track: string;
}

const TEXTS: Record<Language, Texts> = {
  bg: {
    subject: (n, p) => `Поръчка ${n} в ${p} е приета`,
    intro: (n, p) => `Благодарим ви! ${p} получи вашата поръчка ${n}.`,
    delivery: 'Доставка',
    pickup: 'Вземане от място',
    when: 'Очаквано',
    asap: 'възможно най-скоро',
    track: 'Следете поръчката си тук:',
  },
  en: {
    subject: (n, p) => `Your order ${n} at ${p} is received`,
    intro: (n, p) => `Thank you! ${p} has received your order ${n}.`,
    delivery: 'Delivery',
    pickup: 'Pickup',
    when: 'Expected',
    asap: 'as soon as possible',
    track: 'Follow your order here:',
  },
  es: {
    subject: (n, p) => `Su pedido ${n} en ${p} ha sido recibido`,
    intro: (n, p) => `¡Gracias! ${p} ha recibido su pedido ${n}.`,
    delivery: 'Entrega a domicilio',
    pickup: 'Recogida en el local',
    when: 'Previsto',
    asap: 'lo antes posible',
    track: 'Siga su pedido aquí:',
  },
  de: {
    subject: (n, p) => `Ihre Bestellung ${n} bei ${p} ist eingegangen`,
    intro: (n, p) => `Vielen Dank! ${p} hat Ihre Bestellung ${n} erhalten.`,
    delivery: 'Lieferung',
    pickup: 'Abholung',
    when: 'Erwartet',
    asap: 'so bald wie möglich',
    track: 'Verfolgen Sie Ihre Bestellung hier:',
  },
  'fr-CH': {
    subject: (n, p) => `Votre commande ${n} chez ${p} est reçue`,
    intro: (n, p) => `Merci ! ${p} a bien reçu votre commande ${n}.`,
    delivery: 'Livraison',
    pickup: 'À emporter',
    when: 'Prévu',
    asap: 'dès que possible',
    track: 'Suivez votre commande ici :',
  },
};

export interface OrderTrackingMailInput {
  to: string;
  lang: Language;
  placeName: string;
  /** 2 delivery, 3 pickup */
  type: number;
  number: number | null;
  key: string;
  /** The venue-local 'YYYY-MM-DD HH:MM' chosen, or null (as soon as possible). */
  requestedTime: string | null;
  /** The venue's success message for the order type in the guest's language, if it has one. */
  successMessage: string | null;
  trackingUrl: string;
}

export function orderTrackingMail(input: OrderTrackingMailInput): MailMessage {
  const t = TEXTS[input.lang];
  const no = orderNumberLabel(input.number, input.key);
  const lines = [
    t.intro(no, input.placeName),
    '',
    `${input.type === ORDER_TYPES.DELIVERY ? t.delivery : t.pickup}: ${no}`,
    `${t.when}: ${input.requestedTime ?? t.asap}`,
  ];
  if (input.successMessage) lines.push('', input.successMessage);
  lines.push('', t.track, input.trackingUrl, '');
  return {
    to: input.to,
    subject: t.subject(no, input.placeName),
    text: lines.join('\n'),
    tag: 'order_tracking',
  };
}
