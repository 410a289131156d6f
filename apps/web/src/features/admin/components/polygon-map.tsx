/**
 * Drawing a delivery polygon on a Leaflet map without leaflet-draw: a click adds a vertex (into the nearest edge),
 * a vertex is dragged to move it and removed with a right-click or double-click (or the list beside the map).
 * Other shapes of the place are drawn faintly for reference. Loaded only with the zones screen.
 */
import { useEffect, useRef } from 'react';
// Leaflet's ESM build: no CommonJS interop helpers, so the guest entry keeps its runtime inline (see README).
import * as L from 'leaflet/dist/leaflet-src.esm.js';
import 'leaflet/dist/leaflet.css';
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
    const m = L.map(el.current, { center, zoom: 13, doubleClickZoom: false });
    L.tileLayer(TILE_URL, { maxZoom: 19, attribution: '&copy; OpenStreetMap' }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => {
      const { points: pts, onChange: change } = latest.current;
      change(addVertex(pts, [round(e.latlng.lat), round(e.latlng.lng)]));
    });
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    othersLayer.current = L.layerGroup().addTo(m);
    return () => {
      m.remove();
      map.current = null;
    };
    // The map is made once; the center only matters at start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
    <div ref={el} style={{ height: '28rem', borderRadius: '0.5rem' }} role="application" aria-label={label} />
  );
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
