/**
 * The delivery address (type 2): a saved address to fill from (choice cards), the address fields, "save this address", the
 * region (one of three zone kinds), the map pin (Leaflet, a further chunk) and the zone and minimum-order notes.
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@trapeza/domain/money';
import { translateField } from '@trapeza/domain/i18n';
import { matchedZoneName } from '@trapeza/domain/delivery/zone-name';
import { translatedText } from '../../../../lib/ui-settings.ts';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { ChoiceCard, ChoiceCardGroup } from '../../../../components/ui/choice-card.tsx';
import { FormSelect } from '../../../../components/ui/form-select.tsx';
import { usePinAddress } from '../../hooks/use-pin-address.ts';
import { FieldError, TextField } from './fields.tsx';

const MapPicker = lazy(() => import('../map-picker.tsx').then((mod) => ({ default: mod.MapPicker })));

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const ADDRESS_KEYS = ['street', 'number', 'floor', 'apartment', 'bell', 'entrance', 'postalCode'] as const;

export function AddressSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { venue, raw } = m.ctx;
  const { settings, lang, currency } = venue;
  const { setValue } = m.form;
  const { view, pin, regionId, saved, formId } = m;
  // The saved address the guest last filled the fields from (nothing chosen at first).
  const [savedId, setSavedId] = useState('');
  const shapes = venue.info.ordertypes.find((o) => o.type === ORDER_TYPES.DELIVERY)?.delivery_shapes ?? [];
  const pinAddress = usePinAddress(
    { get: (f) => m.form.getValues(f), set: (f, v) => setValue(f, v, { shouldDirty: true }) },
    lang,
  );
  const zone = view.zone
    ? matchedZoneName(view.zone, { regions: venue.info.regions, delivery_shapes: shapes }, lang)
    : null;
  const venuePoint =
    venue.info.lat != null && venue.info.lng != null ? { lat: venue.info.lat, lng: venue.info.lng } : null;
  return (
    <fieldset className="fieldset">
      <legend>{t('cart.fields.address')}</legend>
      {saved.length > 0 && (
        // One card a saved address: a tap fills the fields below (still editable); the name the guest gave it, the
        // address itself under it.
        <ChoiceCardGroup
          legend={t('cart.fields.savedAddress')}
          name={`${formId}-saved`}
          value={savedId}
          onValueChange={(id) => {
            const a = saved.find((x) => x.id === id);
            if (!a) return;
            setSavedId(id);
            for (const k of ADDRESS_KEYS) setValue(k, a[k] ?? '', { shouldDirty: true });
            setValue('regionId', a.regionId != null ? String(a.regionId) : '');
            setValue('lat', a.lat ?? null);
            setValue('lng', a.lng ?? null);
          }}
        >
          {saved.map((a) => {
            const line = [a.street, a.number].filter(Boolean).join(' ');
            return (
              <ChoiceCard
                key={a.id}
                value={a.id}
                label={a.label || line}
                description={a.label && line ? line : undefined}
              />
            );
          })}
        </ChoiceCardGroup>
      )}
      <TextField m={m} name="street" label={t('cart.fields.street')} autoComplete="address-line1" />
      <div className="field-row">
        <TextField m={m} name="number" label={t('cart.fields.number')} />
        <TextField m={m} name="entrance" label={t('cart.fields.entrance')} />
        <TextField m={m} name="floor" label={t('cart.fields.floor')} />
        <TextField m={m} name="apartment" label={t('cart.fields.apartment')} />
        <TextField m={m} name="bell" label={t('cart.fields.bell')} />
        <TextField m={m} name="postalCode" label={t('cart.fields.postalCode')} autoComplete="postal-code" />
      </div>
      <TextField m={m} name="addressDetails" label={t('cart.fields.addressDetails')} />
      {m.loggedIn && (
        <ChoiceCard
          type="checkbox"
          label={t('cart.fields.saveAddress')}
          checked={m.keepAddress}
          onChange={(e) => m.setKeepAddress(e.target.checked)}
          data-testid="save-address"
        />
      )}
      {venue.info.regions.length > 0 && (
        <div className="field">
          <label htmlFor={`${formId}-regionId`}>{t('cart.fields.region')}</label>
          <FormSelect
            {...m.fieldProps('regionId')}
            control={m.form.control}
            name="regionId"
            options={[
              { value: '', label: pin ? t('cart.fields.regionByPin') : '—' },
              ...venue.info.regions.map((r) => ({
                value: String(r.id),
                label: `${translateField(r, 'name', lang)} (${formatPrice(r.delivery_price, currency, lang).primary})`,
              })),
            ]}
          />
          <FieldError m={m} name="regionId" />
        </div>
      )}
      <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
        <MapPicker
          center={pin ?? venuePoint ?? { lat: 42.6977, lng: 23.3219 }}
          pin={pin}
          shapes={shapes}
          tileUrl={translatedText(raw, 'bg', 'map_tile_url') ?? DEFAULT_TILE_URL}
          label={t('cart.mapLabel')}
          onPin={(p) => {
            setValue('lat', p.lat);
            setValue('lng', p.lng);
            setValue('regionId', '');
            pinAddress.onPin(p);
          }}
        />
      </Suspense>
      {pinAddress.state !== 'idle' && (
        <p className="muted" role="status" data-testid="pin-address">
          {pinAddress.state === 'looking'
            ? t('cart.mapAddressLooking')
            : pinAddress.state === 'filled'
              ? t('cart.mapAddressFilled')
              : t('cart.mapAddressNone')}
        </p>
      )}
      <p className="muted" role="status" data-testid="delivery-zone">
        {view.zone
          ? t(zone ? 'cart.deliveryZoneNamed' : 'cart.deliveryZone', {
              zone,
              price: formatPrice(view.zone.delivery_price, currency, lang).primary,
            })
          : pin || regionId != null
            ? t('cart.outsideZones')
            : t('cart.placePin')}
        {view.zone?.free_from != null &&
          ` ${t('cart.freeDeliveryFromText', { price: formatPrice(view.zone.free_from, currency, lang).primary })}`}
      </p>
      {view.total.missingForMinimalOrder > 0 && (
        <p className="alert">
          {t('cart.minimalOrder', {
            price: formatPrice(settings.minimal_order_price, currency, lang).primary,
            missing: formatPrice(view.total.missingForMinimalOrder, currency, lang).primary,
          })}
        </p>
      )}
    </fieldset>
  );
}
