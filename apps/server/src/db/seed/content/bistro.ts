/** Bistro Trapeza, Sofia: a restaurant with table ordering, delivery, pickup and served-on-spot. */
import { BISTRO_CATEGORIES, BISTRO_INGREDIENTS, BISTRO_PRODUCTS } from './bistro-menu.ts';
import { imageUrl, type L5, type PlaceDef, type SettingValue, type TableDef } from './types.ts';

/** Tables 1–12: 1–8 in the main hall, 9–12 on the terrace; tokens demo-t1 … demo-t12. */
const TABLES: TableDef[] = Array.from({ length: 12 }, (_, i) => {
  const n = i + 1;
  return {
    number: String(n),
    kind: 'table',
    seats: n <= 8 ? (n % 4 === 0 ? 6 : n % 2 === 0 ? 4 : 2) : 4,
    token: `demo-t${n}`,
    hall: n <= 8 ? 0 : 1,
  };
});

const OPEN = '08:00-23:00';

/**
 * Settings (key → value text). Keys set here:
 * - language and money: default_lang, first_init_lang, translations_type, default_currency_suffix ('€': prices are euro
 *   cents), show_prices_in_two_currency (lev second), time_zone;
 * - hours and ordering: working_hours_1 … working_hours_7 ('HH:MM-HH:MM' or '-', 1 = Monday, closed),
 *   working_hours (the same as JSON {"1":"-","2":"08:00-23:00",…}), disable_overtime_orders, orders_allowed,
 *   minimal_order_price (decimal euro, as the domain settings parser reads money settings), booking_interval,
 *   order_expire_time_hours, required_delivery_pickup_times, orders_may_be_late, orders_not_allowed_text,
 *   payment_types, show_variant_additional_price, hide_products_for_ordering_with_token;
 * - cutlery: cutlery_option_delivery, cutlery_option_preorder, cutlery_option_served_on_spot, cutlery_price;
 * - look: theme, sub_theme, subcategories_design, view_product_page, clickable_product_variants,
 *   add_to_cart_view_page_button_position (3 = both), hide_add_to_cart_btn, variant_modal_with_comment,
 *   one_page_menu_style, pdf_menu_enabled, multiple_columns_cats_and_prods_design, white_background, logo,
 *   background_image, primary_color, secondary_color, accent_color, text_color, background_color, header_color,
 *   button_text_color;
 * - guest features: promocode_visible, order_email_visible, show_change_table, shared_table_cart (the phones at a
 *   table share one cart and bill, issue 19), table_cart_private_lines, ask_for_bill_hidden, show_footer,
 *   footer_html_content, facebook, instagram, tripadvisor, youtube, welcome_banner_enabled, welcome_banner_text;
 * - about page: about_description, about_facilities, about_household, about_technical_support;
 * - messages: seccess_message_delivery_order, seccess_message_pickup_order;
 * - validation and notifications: validate_phone_number_regex (empty = default check), notification_email,
 *   notification_sms_phone;
 * - agreements: agreement_terms_required, agreement_privacy_required, agreement_combined.
 * Translated texts (L5) are stored as the Bulgarian value plus a `<key>_translations` row holding
 * {"en":"…","es":"…","de":"…","fr-CH":"…"}.
 */
const SETTINGS: Record<string, SettingValue> = {
  default_lang: 'bg',
  first_init_lang: 'bg',
  translations_type: 'json',
  default_currency_suffix: '€',
  show_prices_in_two_currency: '1',
  time_zone: 'Europe/Sofia',
  working_hours_1: '-',
  working_hours_2: OPEN,
  working_hours_3: OPEN,
  working_hours_4: OPEN,
  working_hours_5: OPEN,
  working_hours_6: OPEN,
  working_hours_7: OPEN,
  disable_overtime_orders: '1',
  orders_allowed: '1',
  minimal_order_price: '15',
  booking_interval: '15',
  order_expire_time_hours: '3',
  required_delivery_pickup_times: '0',
  orders_may_be_late: [
    'В натоварени часове доставката може да закъснее с до 15 минути.',
    'At busy times delivery may be up to 15 minutes late.',
    'En horas punta la entrega puede retrasarse hasta 15 minutos.',
    'Zu Stoßzeiten kann sich die Lieferung um bis zu 15 Minuten verspäten.',
    'Aux heures de pointe, la livraison peut avoir jusqu’à 15 minutes de retard.',
  ],
  orders_not_allowed_text: [
    'В момента не приемаме онлайн поръчки. Очакваме ви на място!',
    'We are not taking online orders right now. Come and see us!',
    'Ahora mismo no aceptamos pedidos en línea. ¡Le esperamos en el local!',
    'Wir nehmen gerade keine Online-Bestellungen an. Besuchen Sie uns!',
    'Nous ne prenons pas de commandes en ligne pour le moment. Venez nous voir !',
  ],
  payment_types: 'cash,card,epay',
  show_variant_additional_price: '1',
  hide_products_for_ordering_with_token: '1',
  cutlery_option_delivery: '1',
  cutlery_option_preorder: '1',
  cutlery_option_served_on_spot: '0',
  cutlery_price: '0.20',
  theme: '3',
  sub_theme: '1',
  subcategories_design: '3',
  view_product_page: '1',
  clickable_product_variants: '1',
  add_to_cart_view_page_button_position: '3',
  hide_add_to_cart_btn: '0',
  variant_modal_with_comment: '0',
  one_page_menu_style: '0',
  pdf_menu_enabled: '0',
  multiple_columns_cats_and_prods_design: '0',
  white_background: '0',
  logo: imageUrl('logo-bistro.svg'),
  background_image: imageUrl('gallery-bistro-interior.svg'),
  primary_color: '#8c2f39',
  secondary_color: '#f4e9d8',
  accent_color: '#d9a441',
  text_color: '#2b2118',
  background_color: '#fffaf3',
  header_color: '#5b1f27',
  button_text_color: '#ffffff',
  promocode_visible: '1',
  order_email_visible: '1',
  show_change_table: '1',
  shared_table_cart: '1',
  table_cart_private_lines: '0',
  ask_for_bill_hidden: '0',
  show_footer: '1',
  footer_html_content: [
    '<p><strong>Бистро Трапеза</strong> · ул. „Граф Игнатиев“ 12, София · <a href="tel:+35929876543">02 987 6543</a></p>',
    '<p><strong>Trapeza Bistro</strong> · 12 Graf Ignatiev St, Sofia · <a href="tel:+35929876543">+359 2 987 6543</a></p>',
    '<p><strong>Trapeza Bistro</strong> · C/ Graf Ignatiev 12, Sofía · <a href="tel:+35929876543">+359 2 987 6543</a></p>',
    '<p><strong>Trapeza Bistro</strong> · Graf-Ignatiev-Str. 12, Sofia · <a href="tel:+35929876543">+359 2 987 6543</a></p>',
    '<p><strong>Trapeza Bistro</strong> · 12, rue Graf Ignatiev, Sofia · <a href="tel:+35929876543">+359 2 987 6543</a></p>',
  ],
  facebook: 'https://www.facebook.com/trapeza.bistro.demo',
  instagram: 'https://www.instagram.com/trapeza.bistro.demo',
  tripadvisor: 'https://www.tripadvisor.com/Restaurant_Review-trapeza-bistro-demo',
  youtube: '',
  welcome_banner_enabled: '1',
  welcome_banner_text: [
    'Добре дошли в Бистро Трапеза! Поръчайте на масата, за вкъщи или с доставка.',
    'Welcome to Trapeza Bistro! Order at your table, for pickup or for delivery.',
    '¡Bienvenido a Trapeza Bistro! Pida en su mesa, para recoger o a domicilio.',
    'Willkommen im Trapeza Bistro! Bestellen Sie am Tisch, zum Abholen oder zur Lieferung.',
    'Bienvenue au Trapeza Bistro ! Commandez à table, à emporter ou en livraison.',
  ],
  about_description: [
    'Бистро Трапеза е квартален ресторант в центъра на София с българска кухня, скара на дървени въглища и подбрани вина от малки изби.',
    'Trapeza Bistro is a neighbourhood restaurant in central Sofia serving Bulgarian cooking, a charcoal grill and wines from small wineries.',
    'Trapeza Bistro es un restaurante de barrio en el centro de Sofía con cocina búlgara, parrilla de carbón y vinos de pequeñas bodegas.',
    'Das Trapeza Bistro ist ein Nachbarschaftsrestaurant im Zentrum von Sofia mit bulgarischer Küche, Holzkohlegrill und Weinen kleiner Weingüter.',
    'Le Trapeza Bistro est un restaurant de quartier au centre de Sofia : cuisine bulgare, grill au charbon et vins de petits domaines.',
  ],
  about_facilities: [
    'Лятна тераса, Wi-Fi, детски столчета, достъп за инвалидни колички, пушенето е забранено',
    'Summer terrace, Wi-Fi, high chairs, wheelchair access, non-smoking',
    'Terraza de verano, wifi, tronas, acceso para sillas de ruedas, prohibido fumar',
    'Sommerterrasse, WLAN, Kinderstühle, rollstuhlgerecht, Nichtraucher',
    'Terrasse d’été, Wi-Fi, chaises hautes, accès en fauteuil roulant, non-fumeur',
  ],
  about_household: [
    'Ресторантът се стопанисва от „Демо Хоспиталити“ ЕООД, ЕИК 000000000.',
    'The restaurant is run by Demo Hospitality Ltd., company no. 000000000.',
    'El restaurante lo gestiona Demo Hospitality S.L., n.º 000000000.',
    'Das Restaurant wird von der Demo Hospitality GmbH, Nr. 000000000, betrieben.',
    'Le restaurant est exploité par Demo Hospitality Sàrl, n° 000000000.',
  ],
  about_technical_support: 'support@demo.test',
  seccess_message_delivery_order: [
    'Благодарим ви! Поръчката е приета и ще пристигне до 45–60 минути.',
    'Thank you! Your order has been accepted and will arrive within 45–60 minutes.',
    '¡Gracias! Su pedido ha sido aceptado y llegará en 45–60 minutos.',
    'Vielen Dank! Ihre Bestellung ist angenommen und kommt in 45–60 Minuten.',
    'Merci ! Votre commande est acceptée et arrivera dans 45 à 60 minutes.',
  ],
  seccess_message_pickup_order: [
    'Благодарим ви! Поръчката ще бъде готова за вземане след около 20 минути.',
    'Thank you! Your order will be ready for pickup in about 20 minutes.',
    '¡Gracias! Su pedido estará listo para recoger en unos 20 minutos.',
    'Vielen Dank! Ihre Bestellung ist in etwa 20 Minuten abholbereit.',
    'Merci ! Votre commande sera prête à emporter dans environ 20 minutes.',
  ],
  validate_phone_number_regex: '',
  notification_email: 'orders-bistro@demo.test',
  notification_sms_phone: '+359888700800',
  agreement_terms_required: '1',
  agreement_privacy_required: '1',
  agreement_combined: '1',
};

SETTINGS.working_hours = JSON.stringify(
  Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [String(d), SETTINGS[`working_hours_${d}`] as string])),
);

const hall = (...name: L5): L5 => name;

export const BISTRO: PlaceDef = {
  slug: 'bistro',
  name: ['Бистро Трапеза', 'Trapeza Bistro', 'Trapeza Bistro', 'Trapeza Bistro', 'Trapeza Bistro'],
  city: 'sofia',
  address: 'ул. „Граф Игнатиев“ 12, 1000 София',
  phone: '+35929876543',
  email: 'bistro@demo.test',
  lat: 42.6935,
  lng: 23.3262,
  functionalityModules: ['payments', 'booking', 'promotions', 'feedback', 'gallery', 'loyalty'],
  tags: ['restaurant', 'terrace', 'delivery', 'vegetarian'],
  settings: SETTINGS,
  orderTypes: [
    { type: 1 },
    {
      type: 2,
      discounts: [{ priceOver: 6000, value: 300, valueType: 'money', start: '11:00', end: '14:00' }],
      radiuses: [
        { start: 0, end: 3, price: 250, freeOver: 3000 },
        { start: 3, end: 6, price: 400, freeOver: 5000 },
      ],
      shapes: [
        {
          name: [
            'Център – в рамките на Малкия ринг',
            'Centre – inside the small ring road',
            'Centro – dentro del anillo pequeño',
            'Zentrum – innerhalb des kleinen Rings',
            'Centre – à l’intérieur du petit périphérique',
          ],
          price: 200,
          // Ring road around central Sofia (Vasil Levski – Patriarh Evtimiy – Hristo Botev – Slivnitsa – Dondukov).
          coordinates: [
            [42.7035, 23.3105],
            [42.704, 23.333],
            [42.6975, 23.342],
            [42.688, 23.339],
            [42.685, 23.324],
            [42.688, 23.3105],
            [42.696, 23.305],
            [42.7035, 23.3105],
          ],
          from: '11:00',
          to: '22:00',
          freeOver: 2500,
        },
      ],
    },
    {
      type: 3,
      prices: [
        { priceOver: 0, price: 50 },
        { priceOver: 2000, price: 0 },
      ],
      discounts: [{ priceOver: 4000, value: 5, valueType: 'percent' }],
    },
    { type: 7 },
  ],
  regions: [
    { name: ['Лозенец', 'Lozenets', 'Lozenets', 'Losenez', 'Lozenets'], price: 300, freeOver: 4000 },
    { name: ['Младост', 'Mladost', 'Mladost', 'Mladost', 'Mladost'], price: 450, freeOver: 6000 },
    { name: ['Люлин', 'Lyulin', 'Liulin', 'Ljulin', 'Lioulin'], price: 500, freeOver: 6000 },
  ],
  halls: [
    hall('Основна зала', 'Main hall', 'Salón principal', 'Hauptsaal', 'Salle principale'),
    hall('Тераса', 'Terrace', 'Terraza', 'Terrasse', 'Terrasse'),
  ],
  tables: TABLES,
  ingredients: BISTRO_INGREDIENTS,
  categories: BISTRO_CATEGORIES,
  products: BISTRO_PRODUCTS,
  promoCodes: [{ code: 'WELCOME10', type: 'percent', value: 10 }],
  userDiscounts: [{ onOrderNumber: 5, type: 'percent', amount: 10 }],
  feedbackQuestions: [
    {
      type: 'rating',
      text: [
        'Как оценявате храната?',
        'How would you rate the food?',
        '¿Qué le ha parecido la comida?',
        'Wie bewerten Sie das Essen?',
        'Comment évaluez-vous la cuisine ?',
      ],
    },
    {
      type: 'rating',
      text: [
        'Как оценявате обслужването?',
        'How would you rate the service?',
        '¿Qué le ha parecido el servicio?',
        'Wie bewerten Sie den Service?',
        'Comment évaluez-vous le service ?',
      ],
    },
    {
      type: 'text',
      text: [
        'Какво можем да подобрим?',
        'What could we do better?',
        '¿Qué podríamos mejorar?',
        'Was können wir besser machen?',
        'Que pourrions-nous améliorer ?',
      ],
    },
  ],
  gallery: [
    {
      file: 'gallery-bistro-interior.svg',
      caption: [
        'Основната зала',
        'The main hall',
        'El salón principal',
        'Der Hauptsaal',
        'La salle principale',
      ],
      art: { shape: 'bar', food: '#8c2f39', accent: '#f4e9d8', garnish: '#d9a441' },
    },
    {
      file: 'gallery-bistro-terrace.svg',
      caption: [
        'Лятната тераса',
        'The summer terrace',
        'La terraza de verano',
        'Die Sommerterrasse',
        'La terrasse d’été',
      ],
      art: { shape: 'terrace', food: '#c0392b', accent: '#f5b041', garnish: '#27ae60' },
    },
    {
      file: 'gallery-bistro-grill.svg',
      caption: [
        'Скара на дървени въглища',
        'Our charcoal grill',
        'Nuestra parrilla de carbón',
        'Unser Holzkohlegrill',
        'Notre grill au charbon',
      ],
      art: { shape: 'grill', food: '#6e2c00', accent: '#f39c12', garnish: '#c0392b' },
    },
    {
      file: 'gallery-bistro-wine.svg',
      caption: [
        'Винената ни листа',
        'Our wine list',
        'Nuestra carta de vinos',
        'Unsere Weinkarte',
        'Notre carte des vins',
      ],
      art: { shape: 'wine', food: '#641e16', accent: '#f5eef8', garnish: '#d4ac0d' },
    },
  ],
  promotions: [
    {
      file: 'promo-happy-hour.svg',
      title: [
        'Happy hour: −20 % на бирата',
        'Happy hour: 20 % off beer',
        'Happy hour: −20 % en cerveza',
        'Happy Hour: −20 % auf Bier',
        'Happy hour : −20 % sur la bière',
      ],
      description: [
        'Вторник–петък от 17:00 до 19:00 наливната бира е с 20 % по-евтина.',
        'Tuesday to Friday from 17:00 to 19:00, draught beer is 20 % off.',
        'De martes a viernes de 17:00 a 19:00, la cerveza de barril tiene un 20 % de descuento.',
        'Dienstag bis Freitag von 17 bis 19 Uhr ist Fassbier 20 % günstiger.',
        'Du mardi au vendredi de 17 h à 19 h, la bière pression est à −20 %.',
      ],
      art: { shape: 'beer', food: '#f4b400', accent: '#fffdf5', garnish: '#8c2f39' },
      badge: '−20%',
    },
    {
      file: 'promo-welcome10.svg',
      title: [
        '−10 % за първа онлайн поръчка',
        '10 % off your first online order',
        '−10 % en su primer pedido en línea',
        '−10 % auf Ihre erste Online-Bestellung',
        '−10 % sur votre première commande en ligne',
      ],
      description: [
        'Въведете код WELCOME10 в количката.',
        'Enter the code WELCOME10 in your cart.',
        'Introduzca el código WELCOME10 en la cesta.',
        'Geben Sie den Code WELCOME10 im Warenkorb ein.',
        'Saisissez le code WELCOME10 dans votre panier.',
      ],
      art: { shape: 'tasting', food: '#8c2f39', accent: '#f4e9d8', garnish: '#d9a441' },
      badge: '−10%',
    },
  ],
};
