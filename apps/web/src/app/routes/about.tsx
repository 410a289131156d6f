/**
 * `/{place}/about` (spec §2): working hours, delivery prices, payment types, facilities, household, technical
 * support, description.
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { useTranslation } from 'react-i18next';
import { WorkingHoursTable } from '../../features/place/components/working-hours.tsx';
import { SafeHtml } from '../../components/ui/safe-html.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useVenue } from '../../hooks/use-venue.ts';
import { formatPrice } from '@trapeza/domain/money';
import { zoneName } from '@trapeza/domain/delivery/zone-name';

export function Component() {
  const venue = useVenue();
  const { t } = useTranslation();
  const { ui, settings, lang } = venue;
  const about = {
    ...ui.about,
    phone: ui.about.phone ?? venue.info.phone,
    email: ui.about.email ?? venue.info.email,
    address: ui.about.address ?? venue.info.address,
  };
  const title = t('about.titleOf', { name: venue.name });
  usePageMeta(title);
  const delivery = venue.info.ordertypes.find((o) => o.type === ORDER_TYPES.DELIVERY) ?? null;
  const money = (amount: number) => formatPrice(amount, venue.currency, lang).primary;
  const section = (key: string, heading: string, body: string | null) =>
    body && (
      <section aria-labelledby={`about-${key}`} className="card-section">
        <h2 id={`about-${key}`}>{heading}</h2>
        <SafeHtml html={body} />
      </section>
    );
  return (
    <div className="page page-narrow">
      <h1>{title}</h1>
      {section('description', t('about.description'), about.description)}
      <section aria-labelledby="about-hours" className="card-section">
        <h2 id="about-hours">{t('about.workingHours')}</h2>
        {settings.working_hours ? (
          <WorkingHoursTable hours={settings.working_hours} lang={lang} labelledBy="about-hours" />
        ) : (
          <p>{t('about.alwaysOpen')}</p>
        )}
      </section>
      {(settings.minimal_order_price > 0 || delivery) && (
        <section aria-labelledby="about-delivery" className="card-section">
          <h2 id="about-delivery">{t('about.delivery')}</h2>
          {settings.minimal_order_price > 0 && (
            <p>{t('about.minimalOrder', { price: money(settings.minimal_order_price) })}</p>
          )}
          {delivery && delivery.radiuses.length > 0 && (
            <ul>
              {delivery.radiuses.map((r) => (
                <li key={r.id}>
                  {t('about.radius', {
                    from: r.radius_start,
                    to: r.radius_end,
                    price: money(r.delivery_price),
                  })}
                  {r.required_order_price_for_free_delivery != null &&
                    `, ${t('about.freeOver', { price: money(r.required_order_price_for_free_delivery) })}`}
                </li>
              ))}
            </ul>
          )}
          {delivery && delivery.delivery_shapes.length > 0 && (
            <ul>
              {delivery.delivery_shapes.map((z) => {
                const name = zoneName(z, lang);
                return (
                  <li key={z.id}>
                    {name ? `${name}: ` : ''}
                    {t('about.deliveryFrom', { price: money(z.delivery_price) })}
                    {z.required_order_price_for_free_delivery != null &&
                      `, ${t('about.freeOver', { price: money(z.required_order_price_for_free_delivery) })}`}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
      {about.paymentTypes.length > 0 && (
        <section aria-labelledby="about-payment" className="card-section">
          <h2 id="about-payment">{t('about.paymentTypes')}</h2>
          <ul>
            {about.paymentTypes.map((p) => (
              <li key={p}>{t(`payment.${p}`, { defaultValue: p })}</li>
            ))}
          </ul>
        </section>
      )}
      {section('facilities', t('about.facilities'), about.facilities)}
      {section('household', t('about.household'), about.household)}
      {section('support', t('about.technicalSupport'), about.technicalSupport)}
      {(about.phone || about.email || about.address) && (
        <section aria-labelledby="about-contact" className="card-section">
          <h2 id="about-contact">{t('about.contact')}</h2>
          <ul className="plain">
            {about.address && <li>{about.address}</li>}
            {about.phone && (
              <li>
                <a href={`tel:${about.phone.replace(/\s+/g, '')}`}>{about.phone}</a>
              </li>
            )}
            {about.email && (
              <li>
                <a href={`mailto:${about.email}`}>{about.email}</a>
              </li>
            )}
          </ul>
        </section>
      )}
    </div>
  );
}
