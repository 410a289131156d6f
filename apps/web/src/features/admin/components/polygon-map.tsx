/**
 * Drawing a delivery polygon on a Leaflet map without leaflet-draw: a click adds a vertex (into the nearest edge),
 * a vertex is dragged to move it and removed with a right-click or double-click (or the list beside the map).
 * Other shapes of the place are drawn faintly for reference. Loaded only with the zones screen.
 *
 * By keyboard (issue 24): the map is a tab stop; the arrow keys move it under a cross at its centre (+ and - zoom;
 * lib/map-keyboard.ts) and Enter or Space adds a point there; the button under the map does the same.
 * Each point added is said in a live region; the list beside the map removes them.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';
// Leaflet's ESM build: no CommonJS interop helpers, so the guest entry keeps its runtime inline (see README).
import * as L from 'leaflet/dist/leaflet-src.esm.js';
import 'leaflet/dist/leaflet.css';
import { mapKeyboard } from '../../../lib/map-keyboard.ts';
import { addVertex, moveVertex, removeVertex, type LatLng } from '../lib/polygon.ts';

const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const vertexIcon = L.divIcon({
  className: '',
  html: '<span style="display:block;width:14px;height:14px;border-radius:50%;background:#fff;border:3px solid #1a5fd6"></span>',
  iconSize: [14, 14],
  iconAnchor: [7, 7],
});

interface Props {
  center: LatLng;
  points: LatLng[];
  others: LatLng[][];
  onChange: (points: LatLng[]) => void;
  label: string;
}

export default function PolygonMap({ center, points, others, onChange, label }: Props) {
  const t = useAdminT();
  const hintId = useId();
  const [added, setAdded] = useState(0);
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const othersLayer = useRef<L.LayerGroup | null>(null);
  const latest = useRef({ points, onChange });
  useEffect(() => {
    latest.current = { points, onChange };
  });

  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, {
      center,
      zoom: 13,
      doubleClickZoom: false,
      keyboard: false,
      zoomControl: false,
    });
    // Leaflet's own zoom buttons are titled in English: these speak the console's language.
    L.control.zoom({ zoomInTitle: t('zones.zoomIn'), zoomOutTitle: t('zones.zoomOut') }).addTo(m);
    L.tileLayer(TILE_URL, { maxZoom: 19, attribution: '&copy; OpenStreetMap' }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => {
      const { points: pts, onChange: change } = latest.current;
      change(addVertex(pts, [round(e.latlng.lat), round(e.latlng.lng)]));
    });
    // Enter or Space on the focused map (not on a point or a zoom button) adds a point at its centre.
    // Arrows move the map, + and - zoom, Enter or Space: addAtCentre (lib/map-keyboard.ts).
    const keyboardOff = mapKeyboard(m, () => addAtCentre());
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    othersLayer.current = L.layerGroup().addTo(m);
    return () => {
      keyboardOff();
      m.remove();
      map.current = null;
    };
    // The map is made once; the center only matters at start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function addAtCentre() {
    const c = map.current?.getCenter();
    if (!c) return;
    const { points: pts, onChange: change } = latest.current;
    const next = addVertex(pts, [round(c.lat), round(c.lng)]);
    // Kept at once: a second Enter waiting on the same end of a pan adds to this one, not to the points before it.
    latest.current = { points: next, onChange: change };
    change(next);
    setAdded(next.length);
  }

  useEffect(() => {
    const group = othersLayer.current;
    if (!group) return;
    group.clearLayers();
    for (const shape of others)
      L.polygon(shape, { color: '#777', weight: 1, fillOpacity: 0.05, interactive: false }).addTo(group);
  }, [others]);

  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    if (points.length >= 2)
      L.polygon(points, { color: '#1a5fd6', weight: 2, fillOpacity: 0.15, interactive: false }).addTo(group);
    points.forEach((p, i) => {
      const marker = L.marker(p, { draggable: true, icon: vertexIcon, keyboard: true, title: `${i + 1}` });
      marker.on('dragend', () => {
        const ll = marker.getLatLng();
        latest.current.onChange(moveVertex(latest.current.points, i, [round(ll.lat), round(ll.lng)]));
      });
      const remove = (e: L.LeafletMouseEvent) => {
        L.DomEvent.stop(e);
        latest.current.onChange(removeVertex(latest.current.points, i));
      };
      marker.on('contextmenu', remove);
      marker.on('dblclick', remove);
      marker.addTo(group);
    });
  }, [points]);

  return (
    <div style={{ position: 'relative' }}>
      <div
        ref={el}
        style={{ height: '28rem', borderRadius: '0.5rem' }}
        role="application"
        aria-label={label}
        aria-describedby={hintId}
        data-testid="polygon-map"
      />
      {/* The cross the keyboard adds a point at: the map's centre. */}
      <span
        aria-hidden="true"
        style={{
          position: 'absolute',
          top: '14rem',
          left: '50%',
          transform: 'translate(-50%, -50%)',
          zIndex: 1000,
          pointerEvents: 'none',
          fontSize: '1.5rem',
          lineHeight: 1,
          textShadow: '0 0 2px #fff, 0 0 2px #fff',
        }}
      >
        +
      </span>
      <p id={hintId} className={s.hint}>
        {t('zones.mapKeyboardHint')}
      </p>
      <button type="button" className={s.btnGhost} onClick={addAtCentre}>
        {t('zones.addAtCentre')}
      </button>
      <p className="visually-hidden" role="status">
        {added > 0 && <span key={`${added}-${points.length}`}>{t('zones.pointAdded', { n: added })}</span>}
      </p>
    </div>
  );
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
