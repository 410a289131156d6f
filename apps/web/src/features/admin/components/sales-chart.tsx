/**
 * A uPlot chart of revenue (bars, left axis) and orders (line, right axis) over categories (days or hours).
 * Loaded lazily by the reports page only (`React.lazy`), so uPlot and its CSS stay out of every other chunk.
 * The canvas is hidden from screen readers: the data table beside it carries the same figures.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface SalesChartProps {
  /** One label per point: a date or an hour. */
  labels: string[];
  /** Revenue in major units (e.g. 12.5 for 12,50). */
  revenue: number[];
  orders: number[];
  revenueLabel: string;
  ordersLabel: string;
  height?: number;
}

const REVENUE_COLOR = '#1f5fa8';
const ORDERS_COLOR = '#c2571a';

export default function SalesChart({
  labels,
  revenue,
  orders,
  revenueLabel,
  ordersLabel,
  height = 220,
}: SalesChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = labels.map((_, i) => i);
    const bars = uPlot.paths.bars?.({ size: [0.7, 48], align: 0 });
    const opts: uPlot.Options = {
      width: Math.max(240, el.clientWidth),
      height,
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        revenue: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
        orders: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
      },
      axes: [
        {
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (labels[v] ?? '') : '')),
        },
        { scale: 'revenue', label: revenueLabel, size: 60 },
        {
          scale: 'orders',
          label: ordersLabel,
          side: 1,
          grid: { show: false },
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')),
        },
      ],
      series: [
        { label: '', value: (_u, v) => (v == null ? '' : (labels[v] ?? '')) },
        {
          label: revenueLabel,
          scale: 'revenue',
          stroke: REVENUE_COLOR,
          fill: `${REVENUE_COLOR}99`,
          ...(bars ? { paths: bars } : {}),
          points: { show: false },
          value: (_u, v) => (v == null ? '' : v.toFixed(2)),
        },
        {
          label: ordersLabel,
          scale: 'orders',
          stroke: ORDERS_COLOR,
          width: 2,
          value: (_u, v) => (v == null ? '' : String(v)),
        },
      ],
    };
    const plot = new uPlot(opts, [xs, revenue, orders], el);
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height }));
    resize?.observe(el);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [labels, revenue, orders, revenueLabel, ordersLabel, height]);

  return <div ref={box} aria-hidden="true" data-testid="sales-chart" />;
}
