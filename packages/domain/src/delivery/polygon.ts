/**
 * Delivery polygon checks for the admin console (spec §3 delivery_shapes coordinates [[lat, lng], …]): at least 3
 * distinct points, closed (the first point repeated at the end; added when missing), a non-zero area, and edges
 * that do not cross each other — a crossing ring ("bow tie") has no clear inside for pointInPolygon.
 */

export type LatLngPair = [number, number];

export type PolygonCheck =
  | { ok: true; ring: LatLngPair[] }
  | { ok: false; code: 'too_few_points' | 'zero_area' | 'self_intersecting'; message: string };

const same = (a: LatLngPair, b: LatLngPair) => a[0] === b[0] && a[1] === b[1];

function orientation(p: LatLngPair, q: LatLngPair, r: LatLngPair): number {
  const v = (q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1]);
  return v === 0 ? 0 : v > 0 ? 1 : 2;
}

function onSegment(p: LatLngPair, q: LatLngPair, r: LatLngPair): boolean {
  return (
    q[0] <= Math.max(p[0], r[0]) &&
    q[0] >= Math.min(p[0], r[0]) &&
    q[1] <= Math.max(p[1], r[1]) &&
    q[1] >= Math.min(p[1], r[1])
  );
}

/** Whether segments p1q1 and p2q2 intersect (touching included). */
export function segmentsIntersect(p1: LatLngPair, q1: LatLngPair, p2: LatLngPair, q2: LatLngPair): boolean {
  const o1 = orientation(p1, q1, p2);
  const o2 = orientation(p1, q1, q2);
  const o3 = orientation(p2, q2, p1);
  const o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p1, p2, q1)) return true;
  if (o2 === 0 && onSegment(p1, q2, q1)) return true;
  if (o3 === 0 && onSegment(p2, p1, q2)) return true;
  if (o4 === 0 && onSegment(p2, q1, q2)) return true;
  return false;
}

/** Checks a polygon and answers it closed. */
export function checkDeliveryPolygon(points: readonly LatLngPair[]): PolygonCheck {
  // Consecutive duplicates (a double click on the map) are dropped rather than refused.
  const ring: LatLngPair[] = [];
  for (const p of points) if (!ring.length || !same(ring[ring.length - 1]!, p)) ring.push([p[0], p[1]]);
  if (ring.length > 1 && same(ring[0]!, ring[ring.length - 1]!)) ring.pop();
  if (ring.length < 3) {
    return { ok: false, code: 'too_few_points', message: 'a delivery zone needs at least 3 distinct points' };
  }
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a point by construction.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsIntersect(ring[i]!, ring[(i + 1) % n]!, ring[j]!, ring[(j + 1) % n]!)) {
        return {
          ok: false,
          code: 'self_intersecting',
          message: `edges ${i + 1} and ${j + 1} cross: draw the zone without crossing lines`,
        };
      }
    }
  }
  let area = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    area += a[1] * b[0] - b[1] * a[0];
  }
  // After the crossing check: a symmetric bow tie also sums to zero area.
  if (Math.abs(area) < 1e-12) return { ok: false, code: 'zero_area', message: 'the points lie on one line' };
  return { ok: true, ring: [...ring, ring[0]!] };
}
