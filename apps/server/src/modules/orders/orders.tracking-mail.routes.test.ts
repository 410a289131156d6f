/**
 * The guest's order confirmation e-mail (issue 24 #6) read as the guest reads it, through the real app on SQLite
 * and PostgreSQL, in each of the five languages (spec §1): the subject with the short number and the venue's name in
 * the guest's language, the thank-you sentence, "Delivery" or "Pickup" with the number, the expected time (the chosen
 * one, or "as soon as possible"), the venue's success message for that order type (its translation in the guest's
 * language, trimmed; the venue's own text when the translation is missing or blank; none when unset) and the
 * tracking link on the address the guest ordered from. An address with spaces around it still gets the mail.
 */
import { expect } from 'vitest';
import type { Language } from '@trapeza/domain/i18n';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import type { AppDatabase, DialectName } from '../../db/database.ts';
import {
  CLIENT,
  GUEST_CONTACT,
  PIN_IN_SHAPE,
  cartLine,
  ownMinuteEachTest,
  seedOrderFixture,
  type OrderFixture,
} from './orders.fixtures.ts';

const fixtures = new Map<DialectName, OrderFixture>();

/** The venue's name in each language the guest can order in (Bulgarian: its own name). */
const PLACE_NAME: Record<Language, string> = {
  bg: 'Бистро',
  en: 'The Bistro',
  es: 'El Bistró',
  de: 'Das Bistro',
  'fr-CH': 'Le Bistrot',
};

async function seed(db: AppDatabase): Promise<OrderFixture> {
  const f = await seedOrderFixture(db);
  const { bg, ...others } = PLACE_NAME;
  await db
    .updateTable('places')
    .set({
      name: bg,
      translations: JSON.stringify(
        Object.fromEntries(Object.entries(others).map(([l, name]) => [l, { name }])),
      ),
    })
    .where('id', '=', f.bistro)
    .execute();
  return f;
}

interface SentMail {
  to: string;
  subject: string;
  text: string;
  tag?: string;
}

/** What the guest reads, language by language. */
const READS: Record<
  Language,
  {
    subject: (no: string, place: string) => string;
    intro: (no: string, place: string) => string;
    delivery: string;
    pickup: string;
    when: string;
    asap: string;
    track: string;
  }
> = {
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

/** The pickup and the delivery success messages: the venue's own text and its translations. */
const PICKUP_OWN = '  Готово след около 20 минути.  ';
const PICKUP_TRANSLATIONS = {
  // A Bulgarian guest reads the venue's own text, never a 'bg' entry of the translations.
  bg: 'Не това',
  en: '  Ready in about 20 minutes.  ',
  es: 'Listo en unos 20 minutos.',
  // Blank: the venue's own text.
  de: '   ',
  // Empty: the venue's own text.
  'fr-CH': '',
};
const DELIVERY_OWN = 'Доставяме до 45 минути.';
const DELIVERY_TRANSLATIONS = { en: 'We deliver within 45 minutes.', de: 'Lieferung in 45 Minuten.' };

describeEachDatabase(
  'orders: the guest confirmation e-mail in five languages',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    const minute = ownMinuteEachTest(ctx);
    const HOST = '192.168.1.20:3000';
    const post = (url: string, body: unknown, lang: Language) =>
      ctx.request('POST', url, { client: CLIENT, place: 'bistro', headers: { lang, host: HOST }, body });
    const products = (extra = 0) => [cartLine(fx().salad.id, fx().salad.variant, minute() + extra)];
    const pickup = (lang: Language, extra: Record<string, unknown>) =>
      post(
        '/api/orders/preorder',
        {
          ...GUEST_CONTACT,
          products: products(),
          token: null,
          order_comment: null,
          pickup_time: '',
          promo_code: null,
          order_text_comment: '',
          ...extra,
        },
        lang,
      );
    const delivery = (lang: Language, extra: Record<string, unknown>) =>
      post(
        '/api/orders/delivery',
        {
          ...GUEST_CONTACT,
          client_address: 'ул. Шипка',
          street_number: '12',
          floor_number: '3',
          ap_number: '7',
          bell_number: 'Иванова',
          entrance_number: 'А',
          products: products(1),
          token: null,
          order_comment: [],
          delivery_time: '',
          regionId: null,
          deliveryRadiusId: null,
          deliveryShapeId: null,
          promo_code: null,
          order_text_comment: '',
          lat: PIN_IN_SHAPE.lat,
          lng: PIN_IN_SHAPE.lng,
          ...extra,
        },
        lang,
      );
    const outbox = async (to: string) =>
      (await ctx.get(`/api/__test/outbox?to=${encodeURIComponent(to)}`)).json<SentMail[]>();
    /** The one mail sent to `to` (waits for it). */
    async function mailTo(to: string): Promise<SentMail> {
      await expect.poll(async () => (await outbox(to)).length, { timeout: 10_000 }).toBe(1);
      return (await outbox(to))[0]!;
    }
    /** The whole text the guest reads. */
    function expectedText(
      lang: Language,
      kind: 'delivery' | 'pickup',
      no: string,
      time: string | null,
      message: string | null,
      url: string,
    ): string {
      const t = READS[lang];
      return [
        t.intro(no, PLACE_NAME[lang]),
        '',
        `${t[kind]}: ${no}`,
        `${t.when}: ${time ?? t.asap}`,
        ...(message === null ? [] : ['', message]),
        '',
        t.track,
        url,
        '',
      ].join('\n');
    }
    const settings = async (pickup: boolean, deliveryOwn: string | null, deliveryTr: object | null) => {
      const f = fx();
      const set = async (key: string, value: string | null) => {
        if (value === null) {
          await ctx.db
            .deleteFrom('settings')
            .where('place_id', '=', f.bistro)
            .where('key', '=', key)
            .execute();
        } else {
          await setSetting(ctx.db, f.bistro, key, value);
        }
      };
      await set('seccess_message_pickup_order', pickup ? PICKUP_OWN : null);
      await set(
        'seccess_message_pickup_order_translations',
        pickup ? JSON.stringify(PICKUP_TRANSLATIONS) : null,
      );
      await set('seccess_message_delivery_order', deliveryOwn);
      await set(
        'seccess_message_delivery_order_translations',
        deliveryTr === null ? null : JSON.stringify(deliveryTr),
      );
    };

    const PICKUP_READ: Record<Language, string> = {
      bg: 'Готово след около 20 минути.',
      en: 'Ready in about 20 minutes.',
      es: 'Listo en unos 20 minutos.',
      de: 'Готово след около 20 минути.',
      'fr-CH': 'Готово след около 20 минути.',
    };

    for (const lang of Object.keys(READS) as Language[]) {
      ctx.test(`${lang}: a pickup as soon as possible, with the pickup message`, async () => {
        await settings(true, DELIVERY_OWN, DELIVERY_TRANSLATIONS);
        const to = `pickup-${lang}-${ctx.dialect}@example.test`;
        const res = await pickup(lang, { client_email: to });
        expect(res.statusCode, res.body).toBe(201);
        const answer = res.json<{ number: number; tracking_token: string }>();
        const no = `#${answer.number}`;
        const mail = await mailTo(to);
        expect(mail.tag).toBe('order_tracking');
        expect(mail.subject).toBe(READS[lang].subject(no, PLACE_NAME[lang]));
        expect(mail.text).toBe(
          expectedText(
            lang,
            'pickup',
            no,
            null,
            PICKUP_READ[lang],
            `http://${HOST}/bistro/order/${answer.tracking_token}`,
          ),
        );
      });

      ctx.test(`${lang}: a delivery at a chosen time, with the delivery message`, async () => {
        await settings(true, DELIVERY_OWN, DELIVERY_TRANSLATIONS);
        const to = `delivery-${lang}-${ctx.dialect}@example.test`;
        const res = await delivery(lang, { client_email: to, delivery_time: '18:30' });
        expect(res.statusCode, res.body).toBe(201);
        const answer = res.json<{ number: number; tracking_token: string }>();
        const no = `#${answer.number}`;
        const mail = await mailTo(to);
        expect(mail.subject).toBe(READS[lang].subject(no, PLACE_NAME[lang]));
        const message = (DELIVERY_TRANSLATIONS as Partial<Record<Language, string>>)[lang] ?? DELIVERY_OWN;
        expect(mail.text).toBe(
          expectedText(
            lang,
            'delivery',
            no,
            '2026-11-24 18:30',
            message,
            `http://${HOST}/bistro/order/${answer.tracking_token}`,
          ),
        );
      });
    }

    ctx.test('no delivery message set: a delivery mail without one, though pickup has one', async () => {
      await settings(true, null, null);
      const to = `no-message-${ctx.dialect}@example.test`;
      const res = await delivery('en', { client_email: to });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json<{ number: number; tracking_token: string }>();
      const mail = await mailTo(to);
      expect(mail.text).toBe(
        expectedText(
          'en',
          'delivery',
          `#${answer.number}`,
          null,
          null,
          `http://${HOST}/bistro/order/${answer.tracking_token}`,
        ),
      );
    });

    ctx.test('a blank venue text: no message, even when a translation exists', async () => {
      await settings(false, '   ', DELIVERY_TRANSLATIONS);
      const to = `blank-${ctx.dialect}@example.test`;
      const res = await delivery('en', { client_email: to });
      expect(res.statusCode, res.body).toBe(201);
      const mail = await mailTo(to);
      expect(mail.text).not.toContain(DELIVERY_TRANSLATIONS.en);
      expect(mail.text.split('\n')).toHaveLength(8);
    });

    ctx.test('malformed translations: the venue text', async () => {
      await settings(false, DELIVERY_OWN, null);
      await setSetting(ctx.db, fx().bistro, 'seccess_message_delivery_order_translations', '{not json');
      const to = `malformed-${ctx.dialect}@example.test`;
      const res = await delivery('de', { client_email: to });
      expect(res.statusCode, res.body).toBe(201);
      const mail = await mailTo(to);
      expect(mail.text).toContain(`\n\n${DELIVERY_OWN}\n\n`);
    });

    ctx.test('an address with spaces around it gets the mail, to the address itself', async () => {
      await settings(false, null, null);
      const to = `spaced-${ctx.dialect}@example.test`;
      const res = await pickup('en', { client_email: `  ${to}  ` });
      expect(res.statusCode, res.body).toBe(201);
      expect((await mailTo(to)).to).toBe(to);
    });
  },
  {
    setup: async (db, dialect) => {
      fixtures.set(dialect, await seed(db));
    },
  },
);
