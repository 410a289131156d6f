/** Geometry for delivery zones (spec §9): haversine distance with earth radius 6371 km, point-in-polygon. */

export interface LatLng {
  lat: number;
  lng: number;
}

export const EARTH_RADIUS_KM = 6371;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Ray casting on lat/lng as a plane (zones are a few km wide). Points on an edge may fall either side. */
export function pointInPolygon(point: LatLng, polygon: readonly LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i] as LatLng;
    const b = polygon[j] as LatLng;
    if (a.lat > point.lat !== b.lat > point.lat) {
      const lngAtLat = ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng;
      if (point.lng < lngAtLat) inside = !inside;
    }
  }
  return inside;
}

/**
 * Shape coordinates as stored: an array of {lat,lng}, of [lat,lng] pairs, or a JSON string of either. Malformed
 * input gives an empty polygon (which contains nothing).
 */
export function parseCoordinates(raw: unknown): LatLng[] {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(v)) return [];
  const out: LatLng[] = [];
  for (const p of v) {
    if (Array.isArray(p) && p.length >= 2) out.push({ lat: Number(p[0]), lng: Number(p[1]) });
    else if (p && typeof p === 'object' && 'lat' in p && 'lng' in p) {
      out.push({ lat: Number((p as LatLng).lat), lng: Number((p as LatLng).lng) });
    }
  }
  return out.every((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng)) ? out : [];
}
