/**
 * Delivery map picker (spec §2): OpenStreetMap tiles (URL from the map_tile_url setting, OSM by default), the
 * venue's delivery shapes drawn, a draggable pin; a click on the map moves the pin there. Leaflet loads with this
 * chunk only, when a guest chooses delivery. Its controls speak the guest's language (zoom buttons' titles and
 * names, the pin's title); the address fields are filled from the pin by the caller (hooks/use-pin-address.ts).
 *
 * By keyboard (issue 24): the map is a tab stop; the arrow keys move the map under a cross at its centre (+ and -
 * zoom; lib/map-keyboard.ts, Leaflet's own keyboard is off) and Enter or Space puts the pin at the cross; the button under the map does
 * the same. "Pin placed" is said in a live region, the map's description says how.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { mapKeyboard } from '../../../lib/map-keyboard.ts';

export interface MapPickerProps {
  center: { lat: number; lng: number };
  pin: { lat: number; lng: number } | null;
  shapes: readonly { coordinates: [number, number][] }[];
  tileUrl: string;
  label: string;
  onPin: (p: { lat: number; lng: number }) => void;
}

const pinIcon = L.divIcon({
  className: 'map-pin',
  html: '<span style="display:block;width:24px;height:24px;border-radius:50% 50% 50% 0;background:var(--primary);transform:rotate(-45deg);border:2px solid #fff;box-shadow:0 1px 3px rgb(0 0 0 / .4)"></span>',
  iconSize: [24, 24],
  iconAnchor: [12, 24],
});

export function MapPicker({ center, pin, shapes, tileUrl, label, onPin }: MapPickerProps) {
  const { t } = useTranslation();
  const zoomIn = t('cart.mapZoomIn');
  const zoomOut = t('cart.mapZoomOut');
  const hintId = useId();
  const [placed, setPlaced] = useState(0);
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const onPinRef = useRef(onPin);
  useEffect(() => {
    onPinRef.current = onPin;
  }, [onPin]);

  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, {
      center: [center.lat, center.lng],
      zoom: 14,
      zoomControl: false,
      keyboard: false,
    });
    // Leaflet's own zoom buttons are titled in English: ours carry the guest's language.
    L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(m);
    L.tileLayer(tileUrl, {
      maxZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    }).addTo(m);
    for (const s of shapes) L.polygon(s.coordinates, { weight: 2, fillOpacity: 0.1 }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => onPinRef.current({ lat: e.latlng.lat, lng: e.latlng.lng }));
    // Enter or Space on the focused map (not on a zoom button or the pin) puts the pin at its centre.
    // Arrows move the map, + and - zoom, Enter or Space: placeAtCentre (lib/map-keyboard.ts).
    const keyboardOff = mapKeyboard(m, () => placeAtCentre());
    map.current = m;
    return () => {
      keyboardOff();
      m.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is created once; the pin follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function placeAtCentre() {
    const c = map.current?.getCenter();
    if (!c) return;
    onPinRef.current({ lat: c.lat, lng: c.lng });
    setPlaced((n) => n + 1);
  }

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!pin) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.marker([pin.lat, pin.lng], {
        draggable: true,
        icon: pinIcon,
        keyboard: true,
        title: label,
      })
        .on('dragend', (e) => {
          const p = (e.target as L.Marker).getLatLng();
          onPinRef.current({ lat: p.lat, lng: p.lng });
        })
        .addTo(m);
    } else {
      marker.current.setLatLng([pin.lat, pin.lng]);
    }
  }, [pin, label]);

  return (
    <div className="map-picker-wrap" style={{ position: 'relative' }}>
      <div
        ref={el}
        className="map-picker"
        style={{ height: '16rem', borderRadius: 'var(--radius)' }}
        role="application"
        aria-label={label}
        aria-describedby={hintId}
        data-testid="map-picker"
      />
      {/* The cross the keyboard places the pin at: the map's centre. */}
      <span
        aria-hidden="true"
        style={{
          position: 'absolute',
          top: '8rem',
          left: '50%',
          transform: 'translate(-50%, -50%)',
          zIndex: 1000,
          pointerEvents: 'none',
          fontSize: '1.5rem',
          lineHeight: 1,
          color: 'var(--text)',
          textShadow: '0 0 2px #fff, 0 0 2px #fff',
        }}
      >
        +
      </span>
      <p id={hintId} className="muted">
        {t('cart.mapKeyboardHint')}
      </p>
      <button type="button" className="button button-secondary" onClick={placeAtCentre}>
        {t('cart.mapPinAtCentre')}
      </button>
      <p className="visually-hidden" role="status">
        {placed > 0 && <span key={placed}>{t('cart.mapPinPlaced')}</span>}
      </p>
    </div>
  );
}
