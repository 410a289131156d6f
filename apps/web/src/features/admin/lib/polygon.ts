/**
 * The delivery-polygon editor's geometry, kept apart from Leaflet so it can be tested: a shape is a list of
 * [lat, lng] vertices (open; the server closes it). Adding a vertex on a map click puts it into the edge it is
 * nearest to, so clicking beside a side bends that side rather than crossing the shape.
 */
export type LatLng = [number, number];

const EPS = 1e-9;

function distToSegment(p: LatLng, a: LatLng, b: LatLng): number {
  const [px, py] = p;
  const [ax, ay] = a;
  const [bx, by] = b;
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len < EPS ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
  const cx = ax + t * dx;
  const cy = ay + t * dy;
  return Math.hypot(px - cx, py - cy);
}

/** Adds a vertex: appended while the shape has fewer than 3, else inserted into the nearest edge. */
export function addVertex(points: readonly LatLng[], p: LatLng): LatLng[] {
  if (points.length < 3) return [...points, p];
  let best = 0;
  let bestDist = Infinity;
  for (let i = 0; i < points.length; i++) {
    const d = distToSegment(p, points[i]!, points[(i + 1) % points.length]!);
    if (d < bestDist - EPS) {
      bestDist = d;
      best = i;
    }
  }
  const out = [...points];
  out.splice(best + 1, 0, p);
  return out;
}

export function moveVertex(points: readonly LatLng[], index: number, p: LatLng): LatLng[] {
  return points.map((q, i) => (i === index ? p : q));
}

/** Removes a vertex; a shape never drops below 3 vertices this way (delete the whole shape instead). */
export function removeVertex(points: readonly LatLng[], index: number): LatLng[] {
  if (points.length <= 3 || index < 0 || index >= points.length) return [...points];
  return points.filter((_, i) => i !== index);
}

/** Drops a repeated closing vertex the server may have stored ([a, b, c, a] → [a, b, c]). */
export function openRing(points: readonly LatLng[]): LatLng[] {
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 3 && first && last && first[0] === last[0] && first[1] === last[1])
    return points.slice(0, -1);
  return [...points];
}

function cross(o: LatLng, a: LatLng, b: LatLng): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

function segmentsCross(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return (
    ((d1 > EPS && d2 < -EPS) || (d1 < -EPS && d2 > EPS)) &&
    ((d3 > EPS && d4 < -EPS) || (d3 < -EPS && d4 > EPS))
  );
}

/** Whether two non-adjacent edges cross (the server refuses such shapes; the editor warns first). */
export function selfIntersects(points: readonly LatLng[]): boolean {
  const n = points.length;
  if (n < 4) return false;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsCross(points[i]!, points[(i + 1) % n]!, points[j]!, points[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

/** A shape the server can take: 3+ distinct vertices and no crossing edges. */
export function isValidPolygon(points: readonly LatLng[]): boolean {
  const distinct = new Set(points.map((p) => `${p[0]},${p[1]}`));
  return distinct.size >= 3 && !selfIntersects(points);
}
