/**
 * The guest's texts of every error code, in the five languages (spec §1), in one place (issue 22 #3). The error
 * handler (plugins/errors.ts) answers `message_trans` from here in the request's language; a module that refuses
 * names the code and never the language. The texts the domain owns (order codes of §8, field validation, bookings)
 * stay in packages/domain, shared with the browser, and are gathered here.
 */
import { BOOKING_ERROR_MESSAGES } from '@trapeza/domain/booking';
import { DESIGNED_ORDER_ERROR_MESSAGES, ORDER_ERROR_MESSAGES } from '@trapeza/domain/errors';
import { LANGUAGES, type Language } from '@trapeza/domain/i18n';
import { VALIDATION_MESSAGES } from '@trapeza/domain/validation';
import type { LocalizedText } from './domain-error.ts';
import { ACCOUNT_MESSAGES } from './account-texts.ts';

/** Codes of the table, bill, user-need and order calls that neither §8 nor the validation rules name. */
const TABLE_TEXTS: Record<string, LocalizedText> = {
  'Invalid session': {
    bg: 'Сесията е невалидна или изтекла. Моля сканирайте QR кода отново.',
    en: 'The session is invalid or has expired. Please scan the QR code again.',
    es: 'La sesión no es válida o ha caducado. Escanee de nuevo el código QR.',
    de: 'Die Sitzung ist ungültig oder abgelaufen. Bitte scannen Sie den QR-Code erneut.',
    'fr-CH': 'La session est invalide ou a expiré. Veuillez scanner à nouveau le code QR.',
  },
  invalid_qr_code: {
    bg: 'Невалиден QR код. Моля сканирайте отново.',
    en: 'Invalid QR code. Please scan again.',
    es: 'Código QR no válido. Escanee de nuevo.',
    de: 'Ungültiger QR-Code. Bitte erneut scannen.',
    'fr-CH': 'Code QR invalide. Veuillez scanner à nouveau.',
  },
  bill_already_requested: {
    bg: 'Сметката вече е поискана.',
    en: 'The bill has already been requested.',
    es: 'La cuenta ya ha sido pedida.',
    de: 'Die Rechnung wurde bereits angefordert.',
    'fr-CH': 'L’addition a déjà été demandée.',
  },
  create_order_first: {
    bg: 'Моля, първо направете поръчка.',
    en: 'Please place an order first.',
    es: 'Primero haga un pedido.',
    de: 'Bitte bestellen Sie zuerst.',
    'fr-CH': 'Veuillez d’abord passer une commande.',
  },
  invalid_promo_code: {
    bg: 'Промо кодът е невалиден.',
    en: 'The promo code is not valid.',
    es: 'El código promocional no es válido.',
    de: 'Der Gutscheincode ist ungültig.',
    'fr-CH': 'Le code promo n’est pas valide.',
  },
  product_not_orderable: {
    bg: 'Този продукт не може да бъде поръчан',
    en: 'This product cannot be ordered',
    es: 'Este producto no se puede pedir',
    de: 'Dieses Produkt kann nicht bestellt werden',
    'fr-CH': 'Ce produit ne peut pas être commandé',
  },
  min_count_addable_ingredients_reached: {
    bg: 'Изберете повече добавки.',
    en: 'Please choose more add-ons.',
    es: 'Elija más extras.',
    de: 'Bitte wählen Sie mehr Extras.',
    'fr-CH': 'Veuillez choisir plus de suppléments.',
  },
  max_count_addable_ingredients_reached: {
    bg: 'Избрани са твърде много добавки.',
    en: 'Too many add-ons chosen.',
    es: 'Ha elegido demasiados extras.',
    de: 'Es wurden zu viele Extras gewählt.',
    'fr-CH': 'Trop de suppléments choisis.',
  },
  order_not_found: {
    bg: 'Няма такава поръчка. Проверете линка от писмото или от екрана след поръчката.',
    en: 'No such order. Please check the link from the e-mail or the screen after ordering.',
    es: 'No existe ese pedido. Compruebe el enlace del correo o de la pantalla tras el pedido.',
    de: 'Diese Bestellung gibt es nicht. Bitte prüfen Sie den Link aus der E-Mail oder vom Bildschirm nach der Bestellung.',
    'fr-CH': 'Cette commande n’existe pas. Vérifiez le lien de l’e-mail ou de l’écran après la commande.',
  },
  invalid_order_data: {
    bg: 'Моля попълнете коректно всички данни',
    en: 'Please fill in all fields correctly',
    es: 'Rellene correctamente todos los datos',
    de: 'Bitte füllen Sie alle Felder korrekt aus',
    'fr-CH': 'Veuillez remplir correctement tous les champs',
  },
};

/** Codes of the shared cart and bill (table-party.service.ts). */
const PARTY_TEXTS: Record<string, LocalizedText> = {
  cart_changed: {
    bg: 'Количката беше променена от друг телефон.',
    en: 'The cart was changed on another phone.',
    es: 'El carrito se cambió en otro teléfono.',
    de: 'Der Warenkorb wurde auf einem anderen Telefon geändert.',
    'fr-CH': 'Le panier a été modifié sur un autre téléphone.',
  },
  bill_changed: {
    bg: 'Сметката беше променена междувременно.',
    en: 'The bill changed meanwhile.',
    es: 'La cuenta cambió mientras tanto.',
    de: 'Die Rechnung hat sich inzwischen geändert.',
    'fr-CH': 'L’addition a changé entre-temps.',
  },
  line_already_claimed: {
    bg: 'Този ред вече е избран от друг.',
    en: 'That line is already taken.',
    es: 'Otra persona ya eligió esa línea.',
    de: 'Diese Position hat schon jemand anderes gewählt.',
    'fr-CH': 'Cette ligne est déjà prise.',
  },
  unknown_bill_line: {
    bg: 'Този ред не е от сметката на масата.',
    en: 'That line is not on this table’s bill.',
    es: 'Esa línea no está en la cuenta de esta mesa.',
    de: 'Diese Position steht nicht auf der Rechnung dieses Tisches.',
    'fr-CH': 'Cette ligne n’est pas sur l’addition de cette table.',
  },
  share_too_small: {
    bg: 'Сумата трябва да е поне 0,01.',
    en: 'The amount must be at least 0.01.',
    es: 'El importe debe ser al menos 0,01.',
    de: 'Der Betrag muss mindestens 0.01 sein.',
    'fr-CH': 'Le montant doit être d’au moins 0.01.',
  },
  share_exceeds_remaining: {
    bg: 'Сумата е повече от оставащото по сметката.',
    en: 'The amount is more than what remains of the bill.',
    es: 'El importe supera lo que queda de la cuenta.',
    de: 'Der Betrag ist höher als der Rest der Rechnung.',
    'fr-CH': 'Le montant dépasse le reste de l’addition.',
  },
  tip_too_high: {
    bg: 'Бакшишът може да е най-много 100 %.',
    en: 'The tip can be at most 100 %.',
    es: 'La propina puede ser como máximo del 100 %.',
    de: 'Das Trinkgeld darf höchstens 100 % betragen.',
    'fr-CH': 'Le pourboire peut être de 100 % au plus.',
  },
  invalid_guest_name: {
    bg: 'Името не може да съдържа HTML.',
    en: 'The name cannot contain markup.',
    es: 'El nombre no puede contener HTML.',
    de: 'Der Name darf kein HTML enthalten.',
    'fr-CH': 'Le nom ne peut pas contenir de HTML.',
  },
  unknown_guest: {
    bg: 'Моля, присъединете се към масата отново.',
    en: 'Please join the table again.',
    es: 'Vuelva a unirse a la mesa.',
    de: 'Bitte treten Sie dem Tisch erneut bei.',
    'fr-CH': 'Veuillez rejoindre la table à nouveau.',
  },
  shared_cart_not_available: {
    bg: 'На това устройство количката не се споделя.',
    en: 'This device does not share its cart.',
    es: 'Este dispositivo no comparte su carrito.',
    de: 'Dieses Gerät teilt seinen Warenkorb nicht.',
    'fr-CH': 'Cet appareil ne partage pas son panier.',
  },
  private_lines_not_allowed: {
    bg: 'Заведението не позволява лични редове.',
    en: 'This venue does not allow private lines.',
    es: 'Este local no permite líneas privadas.',
    de: 'Dieses Lokal erlaubt keine privaten Positionen.',
    'fr-CH': 'Cet établissement n’autorise pas les lignes privées.',
  },
  cart_line_not_yours: {
    bg: 'Само който е добавил реда може да го направи личен.',
    en: 'Only the guest who added a line can make it private.',
    es: 'Solo quien añadió la línea puede hacerla privada.',
    de: 'Nur wer die Position hinzugefügt hat, kann sie privat machen.',
    'fr-CH': 'Seule la personne qui a ajouté la ligne peut la rendre privée.',
  },
  cart_line_not_found: {
    bg: 'Редът вече не е в количката.',
    en: 'That line is no longer in the cart.',
    es: 'Esa línea ya no está en el carrito.',
    de: 'Diese Position ist nicht mehr im Warenkorb.',
    'fr-CH': 'Cette ligne n’est plus dans le panier.',
  },
  noProductsToInsert: {
    bg: 'Количката е празна.',
    en: 'The cart is empty.',
    es: 'Su carrito está vacío.',
    de: 'Ihr Warenkorb ist leer.',
    'fr-CH': 'Votre panier est vide.',
  },
  bill_already_paid: {
    bg: 'Сметката вече е платена.',
    en: 'The bill is already paid.',
    es: 'La cuenta ya está pagada.',
    de: 'Die Rechnung ist bereits bezahlt.',
    'fr-CH': 'L’addition est déjà payée.',
  },
  share_not_found: {
    bg: 'Няма такъв дял.',
    en: 'No such share.',
    es: 'No existe esa parte.',
    de: 'Diesen Anteil gibt es nicht.',
    'fr-CH': 'Cette part n’existe pas.',
  },
  share_not_payable: {
    bg: 'Този дял не чака плащане в брой или с карта.',
    en: 'This share is not waiting for a cash or card payment.',
    es: 'Esta parte no espera un pago en efectivo o con tarjeta.',
    de: 'Dieser Anteil wartet nicht auf eine Bar- oder Kartenzahlung.',
    'fr-CH': 'Cette part n’attend pas de paiement en espèces ou par carte.',
  },
  invalid_bill_share: {
    bg: 'Моля, изберете какво плащате.',
    en: 'Please choose what you pay.',
    es: 'Elija qué paga.',
    de: 'Bitte wählen Sie, was Sie bezahlen.',
    'fr-CH': 'Veuillez choisir ce que vous payez.',
  },
};

/** Codes of the payment calls, the error handler and the tenancy a guest can meet on any screen. */
const GUEST_TEXTS: Record<string, LocalizedText> = {
  staff_required: {
    bg: 'Този режим изисква вход на служител на заведението.',
    en: 'This mode needs a staff login of the venue.',
    es: 'Este modo requiere el inicio de sesión de un empleado del local.',
    de: 'Dieser Modus erfordert die Anmeldung eines Mitarbeiters des Lokals.',
    'fr-CH': 'Ce mode exige la connexion d’un membre du personnel de l’établissement.',
  },
  change_table_not_allowed: {
    bg: 'Смяната на масата не е разрешена. Моля, попитайте персонала.',
    en: 'Changing the table is not allowed. Please ask the staff.',
    es: 'No se permite cambiar de mesa. Pregunte al personal.',
    de: 'Ein Tischwechsel ist nicht erlaubt. Bitte fragen Sie das Personal.',
    'fr-CH': 'Le changement de table n’est pas autorisé. Veuillez demander au personnel.',
  },
  invalid_table: {
    bg: 'Няма такава маса в заведението.',
    en: 'There is no such table at this venue.',
    es: 'No existe esa mesa en este local.',
    de: 'Diesen Tisch gibt es in diesem Lokal nicht.',
    'fr-CH': 'Cette table n’existe pas dans cet établissement.',
  },
  // The error handler's own answers to a request it cannot read (plugins/errors.ts HANDLER_CODES).
  bad_request: {
    bg: 'Заявката не може да бъде обработена. Моля, опитайте отново.',
    en: 'The request could not be processed. Please try again.',
    es: 'No se pudo procesar la solicitud. Inténtelo de nuevo.',
    de: 'Die Anfrage konnte nicht verarbeitet werden. Bitte versuchen Sie es erneut.',
    'fr-CH': 'La demande n’a pas pu être traitée. Veuillez réessayer.',
  },
  invalid_body: {
    bg: 'Изпратените данни не могат да бъдат прочетени. Моля, опитайте отново.',
    en: 'The data sent could not be read. Please try again.',
    es: 'No se pudieron leer los datos enviados. Inténtelo de nuevo.',
    de: 'Die gesendeten Daten konnten nicht gelesen werden. Bitte versuchen Sie es erneut.',
    'fr-CH': 'Les données envoyées n’ont pas pu être lues. Veuillez réessayer.',
  },
  invalid_json: {
    bg: 'Изпратените данни не могат да бъдат прочетени. Моля, опитайте отново.',
    en: 'The data sent could not be read. Please try again.',
    es: 'No se pudieron leer los datos enviados. Inténtelo de nuevo.',
    de: 'Die gesendeten Daten konnten nicht gelesen werden. Bitte versuchen Sie es erneut.',
    'fr-CH': 'Les données envoyées n’ont pas pu être lues. Veuillez réessayer.',
  },
  unsupported_media_type: {
    bg: 'Този вид данни не се приема.',
    en: 'This kind of data is not accepted.',
    es: 'Este tipo de datos no se acepta.',
    de: 'Diese Art von Daten wird nicht angenommen.',
    'fr-CH': 'Ce type de données n’est pas accepté.',
  },
  payload_too_large: {
    bg: 'Изпратените данни са твърде големи.',
    en: 'The data sent is too large.',
    es: 'Los datos enviados son demasiado grandes.',
    de: 'Die gesendeten Daten sind zu groß.',
    'fr-CH': 'Les données envoyées sont trop volumineuses.',
  },
  not_found: {
    bg: 'Това не е намерено.',
    en: 'This was not found.',
    es: 'No se ha encontrado.',
    de: 'Das wurde nicht gefunden.',
    'fr-CH': 'Introuvable.',
  },
  forbidden: {
    bg: 'Нямате достъп до това.',
    en: 'You do not have access to this.',
    es: 'No tiene acceso a esto.',
    de: 'Sie haben darauf keinen Zugriff.',
    'fr-CH': 'Vous n’avez pas accès à ceci.',
  },
  validation_error: {
    bg: 'Моля, проверете въведените данни.',
    en: 'Please check the data you entered.',
    es: 'Compruebe los datos introducidos.',
    de: 'Bitte prüfen Sie Ihre Eingaben.',
    'fr-CH': 'Veuillez vérifier les données saisies.',
  },
  service_unavailable: {
    bg: 'Услугата е временно недостъпна. Опитайте отново след малко.',
    en: 'The service is briefly unavailable. Please try again shortly.',
    es: 'El servicio no está disponible por un momento. Inténtelo de nuevo en breve.',
    de: 'Der Dienst ist kurz nicht erreichbar. Bitte versuchen Sie es gleich erneut.',
    'fr-CH': 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.',
  },
  internal_error: {
    bg: 'Възникна грешка. Моля, опитайте отново.',
    en: 'An error occurred. Please try again.',
    es: 'Se ha producido un error. Inténtelo de nuevo.',
    de: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    'fr-CH': 'Une erreur s’est produite. Veuillez réessayer.',
  },
  unauthorized: {
    bg: 'Моля, влезте в профила си.',
    en: 'Please log in.',
    es: 'Inicie sesión.',
    de: 'Bitte melden Sie sich an.',
    'fr-CH': 'Veuillez vous connecter.',
  },
  unknown_client: {
    bg: 'Няма такова заведение.',
    en: 'There is no such venue.',
    es: 'No existe ese local.',
    de: 'Dieses Lokal gibt es nicht.',
    'fr-CH': 'Cet établissement n’existe pas.',
  },
  unknown_place: {
    bg: 'Няма такова заведение.',
    en: 'There is no such venue.',
    es: 'No existe ese local.',
    de: 'Dieses Lokal gibt es nicht.',
    'fr-CH': 'Cet établissement n’existe pas.',
  },
  category_not_found: {
    bg: 'Няма такава категория.',
    en: 'There is no such category.',
    es: 'No existe esa categoría.',
    de: 'Diese Kategorie gibt es nicht.',
    'fr-CH': 'Cette catégorie n’existe pas.',
  },
  feedback_module_disabled: {
    bg: 'Това заведение не събира отзиви онлайн.',
    en: 'This venue does not take feedback online.',
    es: 'Este local no recoge opiniones en línea.',
    de: 'Dieses Lokal nimmt keine Rückmeldungen online entgegen.',
    'fr-CH': 'Cet établissement ne recueille pas d’avis en ligne.',
  },
  gallery_module_disabled: {
    bg: 'Това заведение няма галерия.',
    en: 'This venue has no gallery.',
    es: 'Este local no tiene galería.',
    de: 'Dieses Lokal hat keine Galerie.',
    'fr-CH': 'Cet établissement n’a pas de galerie.',
  },
  promotions_module_disabled: {
    bg: 'Това заведение няма промоции.',
    en: 'This venue has no promotions.',
    es: 'Este local no tiene promociones.',
    de: 'Dieses Lokal hat keine Aktionen.',
    'fr-CH': 'Cet établissement n’a pas de promotions.',
  },
  loyalty_module_disabled: {
    bg: 'Това заведение няма програма за лоялност.',
    en: 'This venue has no loyalty programme.',
    es: 'Este local no tiene programa de fidelidad.',
    de: 'Dieses Lokal hat kein Treueprogramm.',
    'fr-CH': 'Cet établissement n’a pas de programme de fidélité.',
  },
  payments_not_configured: {
    bg: 'Онлайн плащането не е налично в това заведение.',
    en: 'Online payment is not available at this venue.',
    es: 'El pago en línea no está disponible en este local.',
    de: 'Online-Zahlung ist in diesem Lokal nicht verfügbar.',
    'fr-CH': 'Le paiement en ligne n’est pas disponible dans cet établissement.',
  },
  payment_currency_not_supported: {
    bg: 'Онлайн плащането не е налично в тази валута. Моля, платете по друг начин.',
    en: 'Online payment is not available in this currency. Please pay another way.',
    es: 'El pago en línea no está disponible en esta moneda. Pague de otra forma.',
    de: 'Online-Zahlung ist in dieser Währung nicht verfügbar. Bitte zahlen Sie anders.',
    'fr-CH': 'Le paiement en ligne n’est pas disponible dans cette monnaie. Veuillez payer autrement.',
  },
  payment_method_not_online: {
    bg: 'Тази поръчка не се плаща онлайн.',
    en: 'This order is not paid online.',
    es: 'Este pedido no se paga en línea.',
    de: 'Diese Bestellung wird nicht online bezahlt.',
    'fr-CH': 'Cette commande ne se paie pas en ligne.',
  },
  already_paid: {
    bg: 'Вече е платено.',
    en: 'This is already paid.',
    es: 'Ya está pagado.',
    de: 'Das ist bereits bezahlt.',
    'fr-CH': 'C’est déjà payé.',
  },
  order_closed: {
    bg: 'Тази поръчка е отказана и не може да бъде платена.',
    en: 'This order was rejected and cannot be paid.',
    es: 'Este pedido fue rechazado y no se puede pagar.',
    de: 'Diese Bestellung wurde abgelehnt und kann nicht bezahlt werden.',
    'fr-CH': 'Cette commande a été refusée et ne peut pas être payée.',
  },
  amount_too_small: {
    bg: 'Няма нищо за плащане онлайн.',
    en: 'There is nothing to pay online.',
    es: 'No hay nada que pagar en línea.',
    de: 'Es gibt nichts online zu bezahlen.',
    'fr-CH': 'Il n’y a rien à payer en ligne.',
  },
  instrument_not_found: {
    bg: 'Няма такъв инструмент за плащане.',
    en: 'No such payment instrument.',
    es: 'No existe ese medio de pago.',
    de: 'Dieses Zahlungsmittel gibt es nicht.',
    'fr-CH': 'Ce moyen de paiement n’existe pas.',
  },
  booking_not_payable: {
    bg: 'Тази резервация вече не може да бъде платена.',
    en: 'This booking can no longer be paid.',
    es: 'Esta reserva ya no se puede pagar.',
    de: 'Diese Reservierung kann nicht mehr bezahlt werden.',
    'fr-CH': 'Cette réservation ne peut plus être payée.',
  },
  booking_payment_expired: {
    bg: 'Времето за плащане на резервацията изтече. Моля, резервирайте отново.',
    en: 'The time to pay this booking is over. Please book again.',
    es: 'El plazo para pagar esta reserva ha terminado. Vuelva a reservar.',
    de: 'Die Zeit zum Bezahlen dieser Reservierung ist abgelaufen. Bitte reservieren Sie erneut.',
    'fr-CH': 'Le délai de paiement de cette réservation est écoulé. Veuillez réserver à nouveau.',
  },
  onetouch_link_failed: {
    bg: 'Профилът в ePay не беше свързан. Моля, опитайте отново.',
    en: 'The ePay account was not linked. Please try again.',
    es: 'La cuenta de ePay no se ha vinculado. Inténtelo de nuevo.',
    de: 'Das ePay-Konto wurde nicht verknüpft. Bitte versuchen Sie es erneut.',
    'fr-CH': 'Le compte ePay n’a pas été lié. Veuillez réessayer.',
  },
  payment_not_found: {
    bg: 'Няма такова плащане.',
    en: 'No such payment.',
    es: 'No existe ese pago.',
    de: 'Diese Zahlung gibt es nicht.',
    'fr-CH': 'Ce paiement n’existe pas.',
  },
};

// 'other' and 'no_response' are the browser's own texts (no code of the server).
const { other: _other, no_response: _noResponse, ...ORDER_TEXTS } = ORDER_ERROR_MESSAGES;

/** code → text. Later entries win: an order code keeps its §8 text, a table text its own wording. */
const ERROR_TEXTS: Readonly<Record<string, LocalizedText>> = {
  ...VALIDATION_MESSAGES,
  ...ACCOUNT_MESSAGES,
  rate_limited: ACCOUNT_MESSAGES.rate_limited,
  ...GUEST_TEXTS,
  ...BOOKING_ERROR_MESSAGES,
  ...PARTY_TEXTS,
  ...TABLE_TEXTS,
  ...ORDER_TEXTS,
  ...DESIGNED_ORDER_ERROR_MESSAGES,
};

export function errorText(code: string): LocalizedText | undefined {
  return Object.hasOwn(ERROR_TEXTS, code) ? ERROR_TEXTS[code] : undefined;
}

/** The languages a text lacks (a test walks every guest-facing code through this). */
export function missingLanguages(text: Partial<LocalizedText> | undefined): Language[] {
  return LANGUAGES.filter((l) => !text?.[l]?.trim());
}
