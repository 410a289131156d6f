/**
 * The map part of a zone's editor: the polygon drawn on the map (the place's other zones shown beside it), its
 * corners listed with a remove button each (never below three), and a warning while its edges cross.
 */
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../../components/ui/page-loading.tsx';
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import { removeVertex, selfIntersects, type LatLng } from '../../lib/polygon.ts';
import s from '../admin.module.css';

const PolygonMap = lazy(() => import('../polygon-map.tsx'));

export function PolygonEditor({
  points,
  others,
  center,
  onChange,
}: {
  points: LatLng[];
  others: LatLng[][];
  center: LatLng;
  onChange: (points: LatLng[]) => void;
}) {
  const t = useAdminT();
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <PolygonMap
          center={points[0] ?? center}
          points={points}
          others={others}
          label={t('zones.map')}
          onChange={onChange}
        />
      </Suspense>
      <ol>
        {points.map((p, i) => (
          <li key={`${i}-${p[0]}-${p[1]}`}>
            {p[0].toFixed(5)}, {p[1].toFixed(5)}{' '}
            <button
              type="button"
              className={s.iconBtn}
              disabled={points.length <= 3}
              aria-label={t('zones.removeVertex', { n: i + 1 })}
              onClick={() => onChange(removeVertex(points, i))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      {selfIntersects(points) && <p className={s.error}>{t('zones.crossing')}</p>}
    </>
  );
}
