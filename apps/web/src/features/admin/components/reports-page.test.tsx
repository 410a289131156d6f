import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminSalesReport } from '@trapeza/domain/contracts/admin';
import { createQueryClient } from '../../../lib/query-client.ts';
import { switchFeatureLanguage } from '../../../test/render-with-providers.tsx';
import { useAdminPlaceStore } from '../hooks/admin-place-store.ts';
import { adminBundle } from '../i18n/loaders.ts';
import { localDay, presetRange } from '../lib/date-range.ts';
import { ReportsPage } from './reports-page.tsx';

// uPlot draws on a canvas jsdom lacks: the lazy chart module is replaced by a stub that shows what it was given.
vi.mock('./sales-chart.tsx', () => ({
  default: (props: { labels: string[]; revenue: number[]; orders: number[] }) => (
    <div data-testid="sales-chart" aria-hidden="true">
      {props.labels.join(',')}|{props.revenue.join(',')}|{props.orders.join(',')}
    </div>
  ),
}));

const report: AdminSalesReport = {
  from: '2026-03-01',
  to: '2026-03-02',
  time_zone: 'Europe/Sofia',
  currency: 'EUR',
  orders: 3,
  revenue: 4500,
  average: 1500,
  rejected: 0,
  by_order_type: [],
  by_payment_method: [],
  by_day: [
    { date: '2026-03-01', orders: 1, revenue: 1000, average: 1000 },
    { date: '2026-03-02', orders: 2, revenue: 3500, average: 1750 },
  ],
  by_hour: [{ hour: 9, orders: 3, revenue: 4500, average: 1500 }],
  top_products: [],
};

let urls: string[] = [];

beforeAll(() => switchFeatureLanguage('admin', adminBundle, 'en'));
beforeEach(() => {
  urls = [];
  useAdminPlaceStore.setState({ place: { slug: 'bistro', clientSlug: 'demo', name: 'Bistro' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response(JSON.stringify(report), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ReportsPage />
    </QueryClientProvider>,
  );
}

describe('ReportsPage', () => {
  it('draws revenue and orders by day and by hour, each chart with its data table', async () => {
    renderPage();
    const charts = await screen.findAllByTestId('sales-chart');
    expect(charts).toHaveLength(2);
    expect(charts[0]!.textContent).toBe('2026-03-01,2026-03-02|10,35|1,2');
    expect(charts[1]!.textContent).toBe('09:00|45|3');
    // The tables carry the same figures for screen readers, named by their headings.
    const byDay = screen.getByRole('table', { name: 'By day' });
    expect(within(byDay).getByText('2026-03-02')).toBeTruthy();
    const byHour = screen.getByRole('table', { name: 'By hour' });
    expect(within(byHour).getByText('09:00')).toBeTruthy();
  });

  it('starts on the last 30 days and follows the presets and the date inputs', async () => {
    renderPage();
    await screen.findAllByTestId('sales-chart');
    const last30 = presetRange('last30');
    expect(urls.at(-1)).toContain(`from=${last30.from}&to=${last30.to}`);
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    const today = localDay(new Date());
    await vi.waitFor(() => expect(urls.at(-1)).toContain(`from=${today}&to=${today}`));
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('false');

    // The date fields (components/ui DateTimeField, a date alone): the start's year typed past the end.
    const fromYear = screen.getByRole('spinbutton', { name: /^year,\s+From$/ });
    await user.click(fromYear);
    await user.keyboard('2099');
    expect((await screen.findByRole('alert')).textContent).toContain('start date');
    expect(screen.queryByRole('button', { name: 'Today', pressed: true })).toBeNull();
  });
});
